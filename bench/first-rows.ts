/**
 * When a signed-in visit of /home and /inbox shows its first rows (issue 9's web budget, the user's
 * view of it): the production build served by the real server (PGlite), a user with 12 knowledge
 * entries and an smtp/IMAP mailbox on Dovecot holding 30 messages. Each visit is a fresh Chromium
 * context throttled as Lighthouse's phone is simulated (Chrome DevTools' throttling: the CPU 4×
 * slower, 150 ms round trips, 1.6 Mbit/s), the app's files not yet cached. Printed per page: the median and the range of the time from the
 * navigation to the frame that paints the first real row (an entry or a message, not a skeleton),
 * and in how many visits a loading skeleton showed before it. Nothing fails on a figure.
 *
 *   npm run first-rows -w bench            (--no-build to reuse apps/web/dist, --runs=N visits a page, 10)
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { startDovecot } from '../apps/server/test/dovecot';
import { startSmtpServer } from '../apps/server/test/smtp-server';
import { initialProgress, progressKey } from '../apps/web/src/features/help-guide/utils/progress';
import { cookiesFor } from './lib/lighthouse';
import { imapSession } from './lib/mail-servers';
import { signUp, startServer } from './lib/server';
import { callAs, connectMailbox } from './lib/users';

const repoRoot = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '10' },
  },
});
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile network (its "slow 4G"): 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const account = { user: 'rows@example.com', pass: 'Rows-mail-1' };

/** Each page and what its real rows say (the skeleton's rows say nothing). */
const pages = [
  { route: '/home', rows: 'main tbody tr', text: 'Opening hours' },
  { route: '/inbox', rows: 'li[data-uid]', text: 'Order question' },
];

async function seed(server: Awaited<ReturnType<typeof startServer>>, dataDir: string, ports: { imap: number; smtp: number }) {
  const client = await imapSession(ports.imap, account);
  for (let i = 0; i < 30; i++) {
    const date = new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toUTCString();
    await client.append(
      'INBOX',
      `From: Client ${i} <client${i}@client.example>\r\nTo: ${account.user}\r\nSubject: Order question ${i}\r\nDate: ${date}\r\nMessage-ID: <rows-${i}@client.example>\r\n\r\nWhen does order ${i} ship?\r\n`,
    );
  }
  await client.logout();
  const { cookie, userId } = await signUp(server, dataDir);
  const user = { email: account.user, cookie };
  await callAs(server, user, 'POST', '/api/user-profiles', { businessSector: 'Consulting', role: 'Founder' }, 201);
  await connectMailbox(server, user, ports, account, false);
  for (let i = 0; i < 12; i++) {
    const entry = { title: `Opening hours ${i}`, text: `Shop ${i} is open Monday to Friday, 9 am to 6 pm.` };
    await callAs(server, user, 'POST', '/api/data', entry, 201);
  }
  return { cookie, userId };
}

/** One fresh visit: milliseconds from the navigation to the frame with the first real row, and whether a skeleton came first. */
async function visit(browser: Browser, url: string, page: (typeof pages)[number], signedIn: { cookie: string; userId: string }) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await context.addCookies(cookiesFor(signedIn.cookie, url));
    const tab = await context.newPage();
    // The help guide opens by itself on a first visit only: these are later visits.
    await tab.goto(new URL('/favicon.svg', url).href);
    const guideSeen = JSON.stringify({ ...initialProgress, totalViews: 1, openedFirstTime: true });
    await tab.evaluate(([key, value]) => localStorage.setItem(key!, value!), [progressKey(signedIn.userId), guideSeen]);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await tab.addInitScript(
      ({ rows, text }) => {
        const seen = window as unknown as { rowsPaintedAt?: number; skeletonShown?: boolean };
        new MutationObserver((_, observer) => {
          if (document.querySelector('main .animate-pulse')) seen.skeletonShown = true;
          if (!document.querySelector(rows)?.textContent?.includes(text)) return;
          observer.disconnect();
          requestAnimationFrame(() => (seen.rowsPaintedAt = performance.now()));
        }).observe(document, { childList: true, subtree: true, characterData: true });
      },
      { rows: page.rows, text: page.text },
    );
    await tab.goto(url);
    await tab.waitForFunction(() => (window as unknown as { rowsPaintedAt?: number }).rowsPaintedAt, null, { timeout: 30_000 });
    return tab.evaluate(() => {
      const seen = window as unknown as { rowsPaintedAt: number; skeletonShown?: boolean };
      return { ms: Math.round(seen.rowsPaintedAt), skeleton: Boolean(seen.skeletonShown) };
    });
  } finally {
    await context.close();
  }
}

async function main() {
  if (!args['no-build']) execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const [dovecot, smtp] = await Promise.all([startDovecot([account]), startSmtpServer([account])]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-first-rows-'));
  const server = await startServer(repoRoot, { DATA_DIR: dataDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox'] });
  try {
    const signedIn = await seed(server, dataDir, { imap: dovecot.port, smtp: smtp.port });
    const results = [];
    for (const page of pages) {
      const visits = [];
      for (let run = 0; run < Number(args.runs); run++)
        visits.push(await visit(browser, `${server.url}${page.route}`, page, signedIn));
      const sorted = visits.map((v) => v.ms).sort((a, b) => a - b);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      const skeletons = visits.filter((v) => v.skeleton).length;
      results.push({
        route: page.route,
        medianMs: median,
        minMs: sorted[0],
        maxMs: sorted.at(-1),
        skeletons,
        visits: visits.length,
      });
      console.log(
        `${page.route}: first rows painted at ${median} ms (median; ${sorted[0]}–${sorted.at(-1)} ms) on the throttled phone, a skeleton before them in ${skeletons} of ${visits.length} visits`,
      );
    }
    await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
    const result = {
      cpuSlowdown: CPU_SLOWDOWN,
      network: SLOW_4G,
      loadAverage: os.loadavg()[0],
      results,
      at: new Date().toISOString(),
    };
    await writeFile(path.join(import.meta.dirname, 'results', 'first-rows.json'), JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await server.stop();
    await Promise.all([dovecot.stop(), smtp.stop()]);
  }
}

await main();
