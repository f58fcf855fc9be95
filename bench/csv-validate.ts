/**
 * The CSV bulk invite's validation at 10,000 and 100,000 rows, in Chromium (where the users run it)
 * and in Node.
 *
 *   npm run csv-validate -w bench -- [--rows=10000,100000] [--runs=5]
 *
 * The web app's own modules (apps/web/src/features/team/utils/csv-validation.ts and csv-parse.ts,
 * with zod and papaparse) are bundled by esbuild and loaded into a blank Chromium page (playwright-core,
 * Debian's /usr/bin/chromium). Rows are generated in the page, about 1% of them wrong (a bad address,
 * a duplicate, an unknown connection method, a bad enableSetting), so every rule runs. Two figures per
 * size: `validate` — validateCsv over rows already parsed; `parse+validate` — parseCsvFile on a File of
 * the CSV text, the path the upload screen takes (papaparse in 512 KB chunks through FileReader,
 * validating each chunk). The screen runs the second one in a Web Worker, so the page stays responsive
 * whatever the time. Each figure is the median of --runs runs after one warm-up run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { validateCsv } from '../apps/web/src/features/team/utils/csv-validation';

const repoRoot = path.resolve(import.meta.dirname, '..');
const teamUtils = path.join(repoRoot, 'apps/web/src/features/team/utils');

const { values: flags } = parseArgs({
  options: { rows: { type: 'string', default: '10000,100000' }, runs: { type: 'string', default: '5' } },
});
const sizes = flags.rows.split(',').map(Number);
const runs = Number(flags.runs);
if (!sizes.every((n) => Number.isInteger(n) && n > 0) || !(runs >= 1))
  throw new Error('--rows and --runs must be positive integers');

const HEADERS = ['firstName', 'lastName', 'email', 'enableSetting', 'connectionMethod'];

/**
 * The generated rows: `n` people, one in a hundred wrong in one of four ways. Serialised into the
 * page with Function.toString, so it uses nothing from its scope.
 */
function generate(n: number) {
  const methods = ['email/password', 'google', 'microsoft'];
  const settings = ['true', 'false', '1', '0', 'yes', 'no'];
  const records: Record<string, string>[] = [];
  for (let i = 0; i < n; i++) {
    const record = {
      firstName: `First${i}`,
      lastName: `Last name ${i}`,
      email: `person.${i}@company${i % 97}.example.com`,
      enableSetting: settings[i % settings.length]!,
      connectionMethod: methods[i % methods.length]!,
    };
    if (i % 100 === 37) record.email = `person.${i}.example.com`;
    if (i % 100 === 61) record.email = `PERSON.${i - 1}@company${(i - 1) % 97}.example.com`;
    if (i % 100 === 83) record.connectionMethod = 'fax';
    if (i % 100 === 91) record.enableSetting = 'perhaps';
    records.push(record);
  }
  const text = [
    'firstName,lastName,email,enableSetting,connectionMethod',
    ...records.map((r) => [r.firstName, r.lastName, r.email, r.enableSetting, r.connectionMethod].join(',')),
  ].join('\n');
  return { records, text };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

async function bundle() {
  const result = await build({
    stdin: {
      contents: "export { validateCsv } from './csv-validation'; export { parseCsvFile } from './csv-parse';",
      resolveDir: teamUtils,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'CsvBench',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.text;
}

type Figure = { rows: number; errors: number; valid: number; bytes: number; runsMs: number[]; medianMs: number };

interface BenchWindow {
  CsvBench: {
    validateCsv: typeof validateCsv;
    parseCsvFile: (file: File) => Promise<ReturnType<typeof validateCsv>>;
  };
  benchData?: ReturnType<typeof generate>;
}

async function inChromium(script: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>csv-validate</title>');
    await page.addScriptTag({ content: script });
    await page.addScriptTag({ content: `window.generate = ${generate.toString()};` });
    const version = browser.version();
    const results: { validate: Figure; parseAndValidate: Figure }[] = [];
    for (const rows of sizes) {
      await page.evaluate((n) => {
        const w = globalThis as unknown as BenchWindow & { generate: typeof generate };
        w.benchData = w.generate(n);
      }, rows);
      const validate = await page.evaluate(
        ({ rows, runs, headers }) => {
          const w = globalThis as unknown as BenchWindow;
          const { records } = w.benchData!;
          const times: number[] = [];
          let last = w.CsvBench.validateCsv(headers, records);
          for (let i = 0; i < runs; i++) {
            const start = performance.now();
            last = w.CsvBench.validateCsv(headers, records);
            times.push(performance.now() - start);
          }
          return { rows, errors: last.issues.length, valid: last.rows.length, runsMs: times };
        },
        { rows, runs, headers: HEADERS },
      );
      const parsed = await page.evaluate(
        async ({ rows, runs }) => {
          const w = globalThis as unknown as BenchWindow;
          const file = new File([w.benchData!.text], 'bench.csv', { type: 'text/csv' });
          const times: number[] = [];
          let last = await w.CsvBench.parseCsvFile(file);
          for (let i = 0; i < runs; i++) {
            const start = performance.now();
            last = await w.CsvBench.parseCsvFile(file);
            times.push(performance.now() - start);
          }
          return { rows, errors: last.issues.length, valid: last.rows.length, bytes: file.size, runsMs: times };
        },
        { rows, runs },
      );
      results.push({
        validate: { ...validate, bytes: parsed.bytes, medianMs: median(validate.runsMs) },
        parseAndValidate: { ...parsed, medianMs: median(parsed.runsMs) },
      });
    }
    return { version, results };
  } finally {
    await browser.close();
  }
}

function inNode() {
  return sizes.map((rows) => {
    const { records } = generate(rows);
    validateCsv(HEADERS, records);
    const times: number[] = [];
    let last = validateCsv(HEADERS, records);
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      last = validateCsv(HEADERS, records);
      times.push(performance.now() - start);
    }
    return { rows, errors: last.issues.length, valid: last.rows.length, runsMs: times, medianMs: median(times) };
  });
}

const script = await bundle();
console.log(`validator bundle: ${(script.length / 1024).toFixed(0)} KiB (zod + papaparse + the team utils)`);
const chromiumRun = await inChromium(script);
const nodeRun = inNode();

console.log(`\nChromium ${chromiumRun.version}, Node ${process.version}; median of ${runs} runs after a warm-up\n`);
console.log('rows      file      errors  validate (Chromium)  parse+validate (Chromium)  validate (Node)');
chromiumRun.results.forEach(({ validate, parseAndValidate }, i) => {
  const node = nodeRun[i]!;
  console.log(
    [
      String(validate.rows).padEnd(9),
      `${(parseAndValidate.bytes / 1024 / 1024).toFixed(1)} MB`.padEnd(9),
      String(validate.errors).padEnd(7),
      `${round(validate.medianMs)} ms`.padEnd(20),
      `${round(parseAndValidate.medianMs)} ms`.padEnd(26),
      `${round(node.medianMs)} ms`,
    ].join(' '),
  );
});

const resultsDir = path.join(import.meta.dirname, 'results');
await mkdir(resultsDir, { recursive: true });
const file = path.join(resultsDir, 'csv-validate.json');
await writeFile(
  file,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      chromium: chromiumRun.version,
      node: process.version,
      runs,
      sizes: chromiumRun.results.map(({ validate, parseAndValidate }, i) => ({
        rows: validate.rows,
        bytes: parseAndValidate.bytes,
        errors: validate.errors,
        valid: validate.valid,
        chromium: {
          validateMs: round(validate.medianMs),
          validateRunsMs: validate.runsMs.map(round),
          parseAndValidateMs: round(parseAndValidate.medianMs),
          parseAndValidateRunsMs: parseAndValidate.runsMs.map(round),
        },
        node: { validateMs: round(nodeRun[i]!.medianMs), validateRunsMs: nodeRun[i]!.runsMs.map(round) },
      })),
    },
    null,
    2,
  )}\n`,
);
console.log(`\nwritten to ${path.relative(repoRoot, file)}`);
