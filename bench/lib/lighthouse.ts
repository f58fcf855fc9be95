import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  /** The metrics behind the performance score, for the log. */
  metrics: string;
}

/**
 * Lighthouse on `url` in a fresh headless Chromium, with its mobile (default: a mid-range phone on slow
 * 4G, simulated) or desktop preset. `cookie` signs the requests in (sent as a header on every request).
 */
export async function runLighthouse(
  url: string,
  options: { chromiumPath: string; cookie?: string; preset: 'mobile' | 'desktop' },
): Promise<LighthouseScores> {
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

async function runOnce(
  url: string,
  options: { chromiumPath: string; cookie?: string; preset: 'mobile' | 'desktop' },
): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(options.cookie && { extraHeaders: { Cookie: options.cookie } }),
      },
      options.preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
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
