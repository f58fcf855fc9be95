import { Worker } from 'node:worker_threads';
import type { ThreadMessage, ThreadRequest } from './pglite-thread';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string) => unknown> };
export type QueryResult = { rows: unknown[]; fields: unknown[]; affectedRows?: number };
export interface Queryable {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}
type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The thread's code, beside this file: TypeScript in the sources (Node strips the types), JavaScript in the bundle. */
const threadFile = new URL(import.meta.url.endsWith('.ts') ? './pglite-thread.ts' : './pglite-thread.mjs', import.meta.url);

/**
 * PGlite run in a worker thread, with the part of its client that drizzle and the app use: `query`,
 * `transaction` and `listen`. In the server's own thread PGlite took about half of a busy mailbox's
 * CPU, so the pipeline's work and the database's waited on each other (ADR 0157). Type parsers cannot
 * cross threads: a parser given must leave the text as it is (drizzle's do), and the thread does so.
 */
export class PgliteThread implements Queryable {
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: ThreadMessage) => this.receive(message));
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', () => this.stop(new Error('The database thread has stopped')));
  }

  /** Opens the database in `dir` (in memory when null) in a new thread. */
  static async start(dir: string | null) {
    const thread = new PgliteThread(new Worker(threadFile, { workerData: { dir } }));
    await thread.call({ op: 'ready' });
    return thread;
  }

  query(text: string, params?: unknown[], options?: QueryOptions) {
    return this.run(text, params, options);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = (await this.call({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await work({ query: (text, params, options) => this.run(text, params, options, tx) });
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      this.listeners.set(channel, (listeners = new Set()));
      await this.call({ op: 'listen', channel });
    }
    listeners.add(onPayload);
    return async () => {
      listeners.delete(onPayload);
      if (listeners.size > 0 || this.listeners.get(channel) !== listeners) return;
      this.listeners.delete(channel);
      await this.call({ op: 'unlisten', channel });
    };
  }

  async close() {
    if (!this.stopped) await this.call({ op: 'close' });
    await this.worker.terminate();
  }

  private async run(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number) {
    const rawTypes = Object.entries(options?.parsers ?? {}).map(([type, parse]) => {
      if (parse('text') !== 'text') throw new Error('Only parsers that keep the text can be given to PGlite in its thread');
      return Number(type);
    });
    return (await this.call({ op: 'query', text, params, rowMode: options?.rowMode, rawTypes, tx })) as QueryResult;
  }

  private call(request: Request): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    // Referenced only while it has work: an idle database does not keep the process alive, as in one thread.
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(message: ThreadMessage) {
    if ('notify' in message) {
      for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload);
      return;
    }
    const waiting = this.waiting.get(message.id);
    this.waiting.delete(message.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (message.ok) waiting?.resolve(message.value);
    else waiting?.reject(Object.assign(new Error(String(message.error.message)), message.error));
  }

  private stop(error: Error) {
    this.stopped ??= error;
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}
