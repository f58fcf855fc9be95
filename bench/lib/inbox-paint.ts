/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

/**
 * How long the webmail takes, in Chromium, from a key press to the frame that shows its result:
 * `o` opens the focused row (the read panel with its subject), `u` goes back to the list. Caches
 * are warm: the row was read ahead and the list is in memory, as in daily use.
 *
 * Two figures per interaction, both from the page's Performance API:
 *   - `visible`: from the key event's timestamp to the first animation frame after the result is
 *     shown (a MutationObserver sees it, then requestAnimationFrame and a task: the frame was drawn);
 *   - `eventTiming`: the Event Timing API's duration of the keydown (until the next paint after
 *     its handlers; Chromium rounds it to 8 ms).
 */
export async function measureInboxPaints(options: { repoRoot: string; url: string; cookie: string; rounds: number }) {
  ensureWebBuild(options.repoRoot);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, ...rest] = options.cookie.split(';')[0]!.split('=');
    await context.addCookies([{ name: name!, value: rest.join('='), url: options.url }]);
    const page = await context.newPage();
    await page.goto(`${options.url}/inbox`);
    await page
      .locator('li[data-uid]')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        const text = (await page.locator('body').innerText()).slice(0, 300);
        throw new Error(`no inbox rows at ${page.url()}: ${text}`, { cause: error });
      });
    // The help guide opens by itself for a new user.
    if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
    // tsx keeps function names with a `__name` helper that the page does not have.
    await page.evaluate('globalThis.__name = (f) => f');
    await page.evaluate(installProbe);

    const open: Figure[] = [];
    const back: Figure[] = [];
    for (let i = 0; i < options.rounds; i++) {
      // Warm: the row is focused and read ahead (the list prefetches the focused rows' messages).
      await page.keyboard.press('j');
      await page.waitForTimeout(300);
      open.push(await interaction(page, 'o', 'iframe[title="Message body"]'));
      back.push(await interaction(page, 'u', 'li[data-uid]'));
    }
    return { chromium: browser.version(), open: summary(open), back: summary(back) };
  } finally {
    await browser.close();
  }
}

type Figure = { visible: number; eventTiming: number | null };

async function interaction(page: Page, key: string, selector: string): Promise<Figure> {
  await page.evaluate((s) => (window as unknown as Probe).__arm(s), selector);
  await page.keyboard.press(key);
  return page.evaluate(() => (window as unknown as Probe).__result);
}

interface Probe {
  __arm(selector: string): void;
  __result: Promise<Figure>;
}

/** Runs in the page: arms a watch for `selector` to be shown, timed from the next keydown. */
function installProbe() {
  const probe = window as unknown as Probe & { __keyAt: number; __durations: number[] };
  probe.__durations = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'keydown') probe.__durations.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  addEventListener('keydown', (event) => (probe.__keyAt = event.timeStamp), { capture: true });
  probe.__arm = (selector: string) => {
    probe.__durations = [];
    probe.__result = new Promise((resolve) => {
      const settle = () => {
        observer.disconnect();
        requestAnimationFrame(() =>
          setTimeout(() => {
            const visible = performance.now() - probe.__keyAt;
            // Event Timing entries are delivered a little after the frame.
            setTimeout(() => resolve({ visible, eventTiming: probe.__durations.at(-1) ?? null }), 200);
          }),
        );
      };
      const shown = () => Array.from(document.querySelectorAll(selector)).some((element) => element.checkVisibility());
      const observer = new MutationObserver(() => shown() && settle());
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
  };
}

function summary(figures: Figure[]) {
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const at = (values: number[], q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
  const visible = sorted(figures.map((f) => f.visible));
  // Below the 16 ms threshold Chromium reports no entry: the paint came within a frame.
  const timing = sorted(figures.map((f) => f.eventTiming ?? 16));
  const round = (n: number) => Math.round(n);
  return {
    count: figures.length,
    visibleMs: { p50: round(at(visible, 0.5)), p95: round(at(visible, 0.95)), max: round(visible.at(-1) ?? 0) },
    eventTimingMs: { p50: round(at(timing, 0.5)), p95: round(at(timing, 0.95)), max: round(timing.at(-1) ?? 0) },
  };
}

/** The server serves the built web app; it is built once when missing. */
function ensureWebBuild(repoRoot: string) {
  if (existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) return;
  console.log('building the web app…');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}
