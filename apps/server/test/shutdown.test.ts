import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { Agent, request, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { cookieFrom, openTestDatabase } from './harness';

const serverDir = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** 'connected', or the error code of a new TCP connection to `url`. */
function connectError(url: URL): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** The real server (`npm start`'s command) as its own process, its JSON log lines collected. */
class ServerProcess {
  readonly child: ChildProcess;
  readonly logs: Record<string, unknown>[] = [];
  readonly exited: Promise<number | null>;
  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    this.child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop()!;
      for (const line of lines.filter((l) => l.startsWith('{'))) this.logs.push(JSON.parse(line) as Record<string, unknown>);
    });
    this.child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }
  async until<T>(find: () => T | undefined | false, what: string, timeoutMs = 60_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found) return found;
      if (this.child.exitCode !== null) throw new Error(`the server exited (${this.child.exitCode}) before ${what}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  }
}

/**
 * A POST whose body is sent in two parts: in flight from its first part until the client sends the
 * rest. Over a keep-alive connection, as browsers send: answered, it must not hold the server open.
 */
function heldPost(url: string, headers: Record<string, string>, body: string) {
  let req!: ClientRequest;
  const answered = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
    req = request(url, {
      method: 'POST',
      agent: new Agent({ keepAlive: true }),
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { answered, finish: () => req.end(body.slice(half)) };
}

describe('graceful shutdown of the server process', () => {
  let dataDir = '';
  let database: (Database & { dispose(): Promise<void> }) | null = null;
  let server: ServerProcess | null = null;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'app-shutdown-'));
    const port = await freePort();
    Object.assign(env, {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ROLE: 'all',
      LOG_LEVEL: 'info',
    });
    if (process.env.DATABASE_URL && inject('pgTemplate')) {
      database = await openTestDatabase();
      const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${row!.name}`;
      env.DATABASE_URL = url.toString();
    } else {
      delete env.DATABASE_URL;
      await cp(inject('pgliteTemplate')!, path.join(dataDir, 'db'), { recursive: true });
    }
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start() {
    server = new ServerProcess({ ...env, ...(env.DATABASE_URL ? {} : { DATABASE_URL: '' }) });
    const s = server;
    await s.until(() => s.logs.some((l) => String(l.msg).startsWith('listening on')), 'the server to listen', 90_000);
    return s;
  }

  it('on SIGTERM: refuses new connections, answers the request under way, ends the live stream, exits 0', async () => {
    const s = await start();
    const base = env.APP_URL!;

    // A signed-in user, verified through the link the outbox logs.
    const email = `shutdown-${Date.now()}@example.com`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Secret1!', name: 'Shutdown' }),
    });
    expect(signUp.status).toBe(200);
    const link = await s.until(
      () => s.logs.find((l) => l.to === email && Array.isArray(l.links))?.links as string[] | undefined,
      'the verification mail',
    );
    const verified = await fetch(link[0]!, { redirect: 'manual' });
    const cookie = cookieFrom(verified.headers.getSetCookie());
    expect(cookie).not.toBe('');

    // A live-event stream, open for as long as the server lets it.
    const stream = await fetch(`${base}/api/email-settings/events`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let streamed = new TextDecoder().decode((await reader.read()).value);
    expect(streamed).toContain('retry: 5000');

    // A request in flight: its headers and half its body are in.
    const held = heldPost(
      `${base}/api/data`,
      { cookie, origin: base, 'x-request-id': 'held-during-shutdown' },
      JSON.stringify({ title: 'Opening hours', text: 'We open at nine on weekdays.' }),
    );
    await s.until(
      () => s.logs.some((l) => l.reqId === 'held-during-shutdown' && l.msg === 'incoming request'),
      'the held request',
    );

    const signalledAt = Date.now();
    s.child.kill('SIGTERM');
    // Fresh connections (fetch would reuse a kept-alive one), tried every 100 ms.
    const refusals: string[] = [];
    const probe = setInterval(() => void connectError(new URL(base)).then((code) => refusals.push(code)), 100);
    onTestFinished(() => clearInterval(probe));

    // The live stream is ended by the server, cleanly (no reset).
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      streamed += new TextDecoder().decode(value);
    }
    // No new connection once the server stopped listening, while the held request is still open.
    await s.until(() => refusals.at(-1) === 'ECONNREFUSED', 'new connections to be refused', 5000).catch(() => undefined);
    expect(refusals.at(-1)).toBe('ECONNREFUSED');
    expect(s.child.exitCode).toBeNull();

    // The request under way is answered in full after the signal.
    held.finish();
    const answer = await held.answered;
    expect(answer.status).toBe(201);
    expect(answer.headers['x-request-id']).toBe('held-during-shutdown');
    expect(JSON.parse(answer.body)).toEqual([expect.any(String), expect.objectContaining({ title: 'Opening hours' })]);

    expect(await s.exited).toBe(0);
    const tookMs = Date.now() - signalledAt;
    expect(tookMs).toBeLessThan(25_000);
    const messages = s.logs.map((l) => l.msg);
    expect(messages).toContain('shutting down');
    expect(messages.at(-1)).toBe('stopped');
    console.log(`shutdown took ${tookMs} ms after SIGTERM`);

    // The answered request's write is there.
    const check = database ?? (await openDatabase({ pgliteDir: path.join(dataDir, 'db') }));
    try {
      const rows = await check.query<{ title: string }>(`SELECT title FROM knowledge_entry WHERE title = 'Opening hours'`);
      expect(rows).toHaveLength(1);
    } finally {
      if (!database) await check.close();
    }
  });

  it('a second signal ends the process at once, whatever is still under way', async () => {
    const s = await start();
    const base = env.APP_URL!;
    const held = heldPost(
      `${base}/api/data`,
      { origin: base, 'x-request-id': 'never-finished' },
      JSON.stringify({ title: 'x', text: 'y' }),
    );
    held.answered.catch(() => undefined);
    await s.until(() => s.logs.some((l) => l.reqId === 'never-finished'), 'the held request');
    s.child.kill('SIGTERM');
    await s.until(() => s.logs.some((l) => l.msg === 'shutting down'), 'the shutdown to start');
    await sleep(300);
    // The held request keeps the server from closing on its own.
    expect(s.child.exitCode).toBeNull();
    const signalledAt = Date.now();
    s.child.kill('SIGINT');
    expect(await s.exited).toBe(1);
    expect(Date.now() - signalledAt).toBeLessThan(5000);
    expect(s.logs.map((l) => l.msg)).toContain('second signal: exiting now');
  });
});
