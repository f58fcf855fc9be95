import { readFileSync } from 'node:fs';

/** A field of /proc/<pid>/status in MiB (VmRSS: resident now, VmHWM: the most it ever held); null once the process is gone. */
export function statusMib(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/**
 * Reads the VmRSS of the processes every `everyMs` (200 ms by default) until `stop()`, which gives
 * each one's peak and the peak of their sum. Processes can be added on the way (a worker restarted);
 * a process that ended counts for nothing from then on.
 */
export function sampleRss(pids: Record<string, number>, everyMs = 200) {
  const watched = new Map(Object.entries(pids));
  const peaks = new Map<string, number>();
  let peakTotal = 0;
  let samples = 0;
  const take = () => {
    let total = 0;
    for (const [name, pid] of watched) {
      const mib = statusMib(pid, 'VmRSS');
      if (mib === null) continue;
      total += mib;
      peaks.set(name, Math.max(peaks.get(name) ?? 0, mib));
    }
    peakTotal = Math.max(peakTotal, total);
    samples++;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    add(name: string, pid: number) {
      watched.set(name, pid);
      take();
    },
    stop() {
      clearInterval(timer);
      take();
      return { peakMib: Object.fromEntries(peaks), peakTotalMib: peakTotal, samples };
    },
  };
}

/**
 * The RSS a freshly started process settles at: sampled every `everyMs` until it has moved less than
 * `spreadMib` over the last `windowS` seconds (V8 and PGlite give part of their start-up memory back
 * after a while), or `timeoutS` passed. Gives the mean of that last window and how long it took.
 */
export async function idleRss(pid: number, opts = { spreadMib: 4, windowS: 10, timeoutS: 120, everyMs: 500 }) {
  const started = performance.now();
  const samples: { at: number; mib: number }[] = [];
  for (;;) {
    const mib = statusMib(pid, 'VmRSS');
    if (mib === null) throw new Error(`process ${pid} ended while idle`);
    const now = performance.now();
    samples.push({ at: now, mib });
    const recent = samples.filter((s) => s.at >= now - opts.windowS * 1000).map((s) => s.mib);
    const covered = now - started >= opts.windowS * 1000;
    const settled = covered && Math.max(...recent) - Math.min(...recent) < opts.spreadMib;
    if (settled || now - started > opts.timeoutS * 1000) {
      return {
        mib: recent.reduce((s, v) => s + v, 0) / recent.length,
        settled,
        afterS: (now - started) / 1000,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, opts.everyMs));
  }
}
