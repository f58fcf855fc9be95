import { writeFile } from 'node:fs/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  /** The metrics behind the performance score, for the log. */
  metrics: string;
  /** Lighthouse's measure of this machine's CPU speed during the run: scores move with it. */
  benchmarkIndex: number;
}

export interface LighthouseOptions {
  chromiumPath: string;
  cookie?: string;
  /** Local storage of the signed-in origin before the run (e.g. the help guide's progress). */
  localStorage?: Record<string, string>;
  preset: 'mobile' | 'desktop';
  /** Mobile only: the CPU slowdown to simulate instead of Lighthouse's constant 4x. */
  cpuSlowdown?: number;
  /** Where to write the run's whole report (JSON), to read what the scores do not say. */
  reportPath?: string;
  /**
   * Also write the run's trace beside the report (`<reportPath>.trace.json`, which Chrome DevTools'
   * Performance panel opens): the main thread's tasks as the page ran them, before the simulation.
   */
  trace?: boolean;
  /**
   * With `trace`: JavaScript CPU samples in it, to see what the scripts' tasks do. The sampling
   * slows the page: the scores of such a run are lower.
   */
  samples?: boolean;
}

/**
 * The CPU slowdown Lighthouse's documentation would have a machine of this benchmark index use to
 * emulate its mid-tier phone (docs/throttling.md, "Calibrating the CPU slowdown": the rule of its CPU
 * throttling calculator, 150 → 1x, 800 → 2x, 1300 → 3x, then +1x every 233). The mobile preset's
 * constant 4x assumes an index of 1500–2000; this project's machines have reported 1,070 to 3,365.
 */
export function calculatorCpuSlowdown(benchmarkIndex: number): number {
  const slowdown =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Number(Math.max(1, slowdown).toFixed(1));
}

/**
 * Lighthouse on `url` in a fresh headless Chromium, with its mobile (default: a mid-range phone on slow
 * 4G, simulated) or desktop preset. `cookie` signs the page in: set in the browser's cookie jar before
 * the run, which then keeps its storage. (Lighthouse's `extraHeaders` reach the document request
 * only, not the app's own fetch calls: /api/session answered 401 and the signed-in pages were
 * measured as a redirect to /signin.)
 */
export async function runLighthouse(url: string, options: LighthouseOptions): Promise<LighthouseScores> {
  // Lighthouse asks to be run again when its trace went wrong (NO_NAVSTART, NO_FCP on a busy machine).
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, options);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`${(error as Error).message}; running again`);
    }
  }
}

async function runOnce(url: string, options: LighthouseOptions): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (options.cookie) await signIn(chrome.port, url, options.cookie, options.localStorage ?? {});
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(options.trace && options.samples ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
        // Lighthouse clears the origin's storage, cookies included, unless told not to.
        disableStorageReset: Boolean(options.cookie),
        ...(options.preset === 'mobile' && options.cpuSlowdown && { throttling: { cpuSlowdownMultiplier: options.cpuSlowdown } }),
      },
      options.preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    if (options.reportPath) await writeFile(options.reportPath, JSON.stringify(result.lhr, null, 1));
    if (options.reportPath && options.trace)
      await writeFile(`${options.reportPath}.trace.json`, JSON.stringify(result.artifacts.Trace));
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(url).pathname) throw new Error(`lighthouse on ${url} ended on ${landed}: not the page asked for`);
    const metric = (id: string) => `${id} ${audits[id]?.displayValue ?? '?'}`;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      metrics: [
        ...['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(metric),
        `largest element ${largestElement(audits['largest-contentful-paint-element'])}`,
      ].join(', '),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Puts the `name=value; …` pairs of `cookie` into the browser's default context for `url`, and the
 * `storage` entries into the origin's local storage (from a blank page of the origin: /favicon.svg).
 */
async function signIn(port: number, url: string, cookie: string, storage: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const [context] = browser.contexts();
  await context!.addCookies(cookiesFor(cookie, url));
  if (Object.keys(storage).length === 0) return;
  const page = await context!.newPage();
  await page.goto(new URL('/favicon.svg', url).href);
  await page.evaluate((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), Object.entries(storage));
  await page.close();
}

/** The `name=value; …` pairs of a Cookie header as browser cookies of `url`. */
export function cookiesFor(cookie: string, url: string) {
  return cookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name: name!, value: value.join('='), url };
  });
}

/** The node label of the audit's largest-contentful-paint element, e.g. "Knowledge base". */
function largestElement(audit: { details?: unknown } | undefined): string {
  type Table = { items?: { items?: { node?: { nodeLabel?: string } }[] }[] };
  const label = (audit?.details as Table | undefined)?.items?.[0]?.items?.[0]?.node?.nodeLabel;
  return label ? JSON.stringify(label.slice(0, 60)) : '?';
}
