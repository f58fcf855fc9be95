/**
 * `npm run eval`: the sorting and draft evaluations (bench/classify-smallbiz.ts and
 * bench/drafts-smallbiz.ts, on the test part of bench/data/smallbiz) against the engine the server is
 * configured with: the built-in engine, or the AI provider named by AI_PROVIDER, AI_MODEL, AI_API_KEY
 * and AI_BASE_URL. Each prints its usual figures next to its baselines, and the latency and tokens per
 * call. With an AI provider the number of calls is stated first and the run waits for a yes (or
 * `--yes`). The output is kept in bench/results/eval-<engine>.txt and .json files beside it.
 *
 *   npm run eval [-- --yes] [--set DIR]
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { configuredEngine } from './lib/engine-under-test';

const { values } = parseArgs({
  options: {
    yes: { type: 'boolean', default: false },
    set: { type: 'string', default: path.join(import.meta.dirname, 'data/smallbiz') },
  },
});

const config = configuredEngine();
const engine = config.label;
const slug = engine.toLowerCase().replace(/[^a-z0-9.]+/g, '-');

type Label = { split: 'dev' | 'test'; category: string | null };
const setDir = path.resolve(values.set);
const labels = JSON.parse(await readFile(path.join(setDir, 'labels.json'), 'utf8')) as Record<string, Label>;
const answers = JSON.parse(await readFile(path.join(setDir, 'answers.json'), 'utf8')) as Record<string, unknown>;
const testMessages = Object.values(labels).filter((l) => l.split === 'test').length;
const testDrafts = Object.keys(answers).filter((id) => labels[id]?.split === 'test').length;
// Categories are described in English, then in French; the built-in engine also learns from 5 and 20
// examples per category in three draws each, which an AI provider does not (it learns no model).
const classifyCalls = testMessages * 2 * (config.ai ? 1 : 1 + 2 * 3);

console.log(
  `engine: ${engine}\n` +
    `set ${path.relative(process.cwd(), setDir)}: ${testMessages} test messages to sort (${classifyCalls} classifications), ` +
    `${testDrafts} to answer (${testDrafts} drafts)`,
);
if (config.ai && !values.yes) {
  if (!process.stdin.isTTY) {
    console.error(`This makes ${classifyCalls + testDrafts} calls to ${engine}: run again with --yes to agree.`);
    process.exit(1);
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question(`This makes ${classifyCalls + testDrafts} calls to ${engine}. Go on? [y/N] `);
  prompt.close();
  if (!/^y(es)?$/i.test(answer.trim())) {
    console.log('Nothing was run.');
    process.exit(0);
  }
}

const results = path.join(import.meta.dirname, 'results');
const output: string[] = [`npm run eval, ${new Date().toISOString()}, node ${process.version}`, `engine: ${engine}`];

/** Runs a bench with the configured engine, its output shown and kept. */
function run(script: string, out: string) {
  const args = ['tsx', script, '--engine', 'configured', '--set', setDir, '--out', path.join(results, out)];
  output.push('', `━━ ${script}`);
  return new Promise<void>((resolve, reject) => {
    const child = spawn('npx', args, { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output.push(chunk.toString('utf8').trimEnd());
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} failed (exit ${code})`))));
  });
}

await run('classify-smallbiz.ts', `eval-${slug}-classify.json`);
await run('drafts-smallbiz.ts', `eval-${slug}-drafts.json`);
await writeFile(path.join(results, `eval-${slug}.txt`), `${output.join('\n')}\n`);
console.log(`\nkept in bench/results/eval-${slug}.txt, eval-${slug}-classify.json and eval-${slug}-drafts.json`);
