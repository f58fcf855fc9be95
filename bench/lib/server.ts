import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../apps/server/node-flags.mjs';
import { buildServerBundle } from '../../apps/server/test/server-bundle';

export interface Server {
  url: string;
  stop(): Promise<void>;
}

/** A server this process started: its process id, for /proc/<pid>/status and /proc/<pid>/stat. */
export interface ServerProcess extends Server {
  pid: number;
}

/** The real server (`node apps/server/dist/main.mjs` with its flags, as production runs it) on a free port, ready when /api/health answers. */
export async function startServer(
  repoRoot: string,
  env: { DATA_DIR: string; DATABASE_URL?: string } & Record<string, string | undefined>,
  /** Node's own flags for the server, e.g. `--cpu-prof` (which NODE_OPTIONS does not accept). */
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const bundle = buildServerBundle();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, bundle], {
    cwd: repoRoot,
    env: {
      ...withoutDatabaseUrl(process.env),
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, stop: () => stop(child, exited) };
}

/**
 * The floor of the knowledge list over HTTP (`knowledge-floor-server.ts`) for `userId`, on PostgreSQL
 * (`databaseUrl`) or PGlite (`pgliteDir`, which no other process may hold open meanwhile).
 */
export async function startKnowledgeFloor(
  db: { databaseUrl?: string; pgliteDir: string },
  userId: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(import.meta.dirname, 'knowledge-floor-server.ts')],
    {
      env: {
        ...withoutDatabaseUrl(process.env),
        ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : { PGLITE_DIR: db.pgliteDir }),
        USER_ID: userId,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    void exited.then(() => reject(new Error(`the knowledge floor server exited with code ${child.exitCode}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stop(child, exited) };
}

/** Without DATABASE_URL the server uses PGlite in $DATA_DIR, whatever this process was started with. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, ...rest } = env;
  return rest;
}

async function stop(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode === null) child.kill('SIGTERM');
  await exited;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

/**
 * Signs up like a user: POST sign-up, then the verification link from the outbox mail
 * (no SMTP_URL → an .eml in $DATA_DIR/outbox), whose answer sets the session cookie.
 */
export async function signUp(
  server: Server,
  dataDir: string,
  email = `bench-${Date.now()}@example.com`,
): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: 'Bench-Passw0rd!', name: 'Bench' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const link = await verificationLink(path.join(dataDir, 'outbox'), email);
  const verified = await fetch(link, { redirect: 'manual' });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
  if (!cookie) throw new Error(`verification gave no session cookie (${verified.status})`);
  const session = await fetch(`${server.url}/api/session`, { headers: { cookie } });
  if (!session.ok) throw new Error(`GET /api/session: ${session.status}`);
  return { cookie, userId: ((await session.json()) as { uid: string }).uid };
}

/** The verification URL in the newest outbox mail to `email` (its text part may be quoted-printable). */
async function verificationLink(outbox: string, email: string): Promise<string> {
  for (const file of (await readdir(outbox)).sort().reverse()) {
    const eml = await readFile(path.join(outbox, file), 'utf8');
    if (!eml.includes(email)) continue;
    const text = /quoted-printable/i.test(eml)
      ? eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      : eml;
    const link = text.match(/https?:\/\/\S+\/verify-email\?[^\s"<]+/)?.[0];
    if (link) return link.replace(/&amp;/g, '&');
  }
  throw new Error(`no verification mail to ${email} in ${outbox}`);
}
