import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const tempDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'app-e2e-'));

/** Starts the app the way a user does (`npm start`), on its own port and data directory. */
export async function startApp(opts: { port: number; dataDir: string; env?: Record<string, string> }) {
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(opts.port), DATA_DIR: opts.dataDir, LOG_LEVEL: 'warn', ...opts.env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://localhost:${opts.port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
      return (await fetch(`${url}/api/health`)).ok;
    },
    90_000,
    `the app on ${url}`,
  );
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch((error: Error) => (error.message.startsWith('the app exited') ? Promise.reject(error) : false))) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The newest link of a kind in the outbox mail sent to `to` (quoted-printable decoded). */
export function linkFromOutbox(dataDir: string, to: string, pathPart: string): string | null {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return null;
  for (const file of readdirSync(dir).sort().reverse()) {
    const eml = readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(eml)) continue;
    const link = eml.match(new RegExp(`https?://[^\\s"<>]*${pathPart}[^\\s"<>]*`))?.[0];
    if (link) return link.replaceAll('&amp;', '&');
  }
  return null;
}
