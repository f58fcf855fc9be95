import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../dovecot';
import { APP_URL } from '../harness';
import { SERVER_NODE_FLAGS } from '../../node-flags.mjs';
import { buildServerBundle } from '../server-bundle';

const serverRoot = path.resolve(import.meta.dirname, '../..');

/** The environment every process of one deployment shares (docs/operations.md, Configuration). */
function sharedEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    APP_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-42',
    ENCRYPTION_KEY: '0'.repeat(64),
    RATE_LIMIT_MULTIPLIER: '1',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
  };
}

type LogLine = { msg?: string; level?: number; workerId?: string };

/**
 * The real entry point (`node dist/main.mjs`, the bundle) in one role, as production runs it. Resolves
 * `ready()` once an api process listens or a worker has started, with the worker's lease id.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  readonly warnings: LogLine[] = [];
  workerId = '';
  private readonly dataDir: string;
  private stderr = '';
  private readonly started: Promise<void>;

  static async start(role: 'api' | 'worker', databaseUrl: string) {
    const port = role === 'api' ? await freePort() : 0;
    return new ServerProcess(role, databaseUrl, port);
  }

  private constructor(
    readonly role: 'api' | 'worker',
    databaseUrl: string,
    readonly port: number,
  ) {
    this.dataDir = mkdtempSync(path.join(os.tmpdir(), `heavy-${role}-`));
    this.child = spawn(process.execPath, [...SERVER_NODE_FLAGS, buildServerBundle()], {
      cwd: serverRoot,
      env: { ...process.env, ...sharedEnv(databaseUrl), ROLE: role, PORT: String(port), DATA_DIR: this.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-50_000);
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    this.started = new Promise((resolve) => {
      createInterface({ input: this.child.stdout! }).on('line', (text) => {
        const line = parseLog(text);
        if (!line) return;
        if ((line.level ?? 0) >= 40) this.warnings.push(line);
        if (line.msg === 'worker running' && line.workerId) {
          this.workerId = line.workerId;
          resolve();
        }
        if (line.msg?.startsWith('listening on')) resolve();
      });
    });
  }

  async ready(): Promise<this> {
    const failed = this.exited.then((code) => new Error(`${this.role} exited with ${code}: ${this.stderr}`));
    const result = await Promise.race([this.started, failed]);
    if (result instanceof Error) throw result;
    return this;
  }

  get alive() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    if (this.alive) this.child.kill(signal);
    await this.exited;
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

function parseLog(text: string): LogLine | null {
  if (!text.startsWith('{')) return null;
  try {
    return JSON.parse(text) as LogLine;
  } catch {
    return null;
  }
}

/** An open Server-Sent Events stream: the event names received so far. */
export interface EventStream {
  events: string[];
  close(): void;
}

/** Opens `url` as an event stream with a session cookie; resolves once the server has answered its head. */
export function openEventStream(url: string, cookie: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const events: string[] = [];
    const request = http.get(url, { headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`event stream ${url}: ${response.statusCode}`));
      let buffer = '';
      response.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop()!;
        for (const block of blocks) {
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (name) events.push(name);
        }
      });
      resolve({ events, close: () => request.destroy() });
    });
    // After close(), the reset it causes rejects a promise already settled: nothing happens.
    request.on('error', reject);
  });
}
