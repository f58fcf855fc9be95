import autocannon from 'autocannon';
import { cpuPerRequest } from './proc';

export interface Stats {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Failed calls: errors, timeouts and non-2xx answers. */
  failures: number;
  /** With `LoadOptions.cpu`: CPU ms per measured request, of the machine, this process and the processes named. */
  cpuMs?: Record<string, number>;
}

export interface LoadOptions {
  connections: number;
  /** Measured seconds, after `warmup` seconds that are not measured. */
  duration: number;
  warmup: number;
  /** Count the CPU time of the measured part: the machine's, this process's and these processes' (name → pid). */
  cpu?: Record<string, number>;
}

/** `connections` callers each running `task` back to back, like autocannon's connections. */
export async function closedLoop(task: () => Promise<unknown>, opts: LoadOptions): Promise<Stats> {
  await loop(task, opts.connections, opts.warmup, null);
  const latencies: number[] = [];
  const cpu = opts.cpu && cpuPerRequest(opts.cpu);
  const seconds = await loop(task, opts.connections, opts.duration, latencies);
  return { ...summarize(latencies, seconds, 0), ...(cpu && { cpuMs: cpu(latencies.length) }) };
}

async function loop(task: () => Promise<unknown>, connections: number, seconds: number, latencies: number[] | null) {
  const start = performance.now();
  const end = start + seconds * 1000;
  const caller = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      await task();
      latencies?.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  return (performance.now() - start) / 1000;
}

/** autocannon against one URL; latencies are taken from its per-response times (its histogram rounds to whole ms). */
export async function httpLoad(url: string, headers: Record<string, string>, opts: LoadOptions): Promise<Stats> {
  await autocannon({ url, headers, connections: opts.connections, duration: opts.warmup });
  const latencies: number[] = [];
  const cpu = opts.cpu && cpuPerRequest(opts.cpu);
  const run = autocannon({ url, headers, connections: opts.connections, duration: opts.duration });
  let responses = 0;
  run.on('response', (_client, status, _bytes, ms) => {
    responses++;
    if (status === 200) latencies.push(ms);
  });
  const result = await run;
  return {
    ...summarize(latencies, result.duration, result.errors + result.non2xx),
    ...(cpu && { cpuMs: cpu(responses) }),
  };
}

function summarize(latencies: number[], seconds: number, failures: number): Stats {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { requests: sorted.length, rps: sorted.length / seconds, p50: at(0.5), p99: at(0.99), failures };
}
