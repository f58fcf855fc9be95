/** The part of autocannon 9's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
  }

  interface Result {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this;
  }

  export default function autocannon(opts: Options): Instance;
}
