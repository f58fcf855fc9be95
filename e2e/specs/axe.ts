import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The serious and critical axe violations on the page, one line per rule with the elements it hit.
 * Two kinds of frame are not ours to audit: the tutorial players (the video host's pages) and the
 * sandboxed body of a received mail (the sender's HTML). With no other frame, axe runs in the page
 * itself (legacy mode), which spares the blank page its frame-by-frame mode opens for each audit.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await finiteAnimationsDone(page);
  const { violations } = await new AxeBuilder({ page })
    .exclude('iframe[src^="https://"]')
    .exclude('iframe[title="Message body"]')
    .setLegacyMode()
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`);
}

/** Fails (softly: the test goes on to the next screen) on any serious or critical violation. */
export async function expectAccessible(page: Page, screen: string) {
  expect.soft(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
}

/**
 * Waits for the page's finite animations and transitions to end (a toast sliding in, a dialog fading
 * in): axe reads colours as they are painted, and a toast caught at a tenth of its opacity reads as
 * grey on grey. Endless ones (spinners) are not waited for.
 */
async function finiteAnimationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
