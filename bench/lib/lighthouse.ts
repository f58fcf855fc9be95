import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  /** The metrics behind the performance score, for the log. */
  metrics: string;
}

/**
 * Lighthouse's default run (mobile, simulated throttling) on `url`, in a fresh headless Chromium.
 * `cookie` signs the requests in (sent as a header on every request of the page).
 */
export async function runLighthouse(url: string, options: { chromiumPath: string; cookie?: string }): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(options.cookie && { extraHeaders: { Cookie: options.cookie } }),
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    const metric = (id: string) => `${id} ${audits[id]?.displayValue ?? '?'}`;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      metrics: ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
        .map(metric)
        .join(', '),
    };
  } finally {
    chrome.kill();
  }
}
