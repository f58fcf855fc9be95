import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (100 on most Linux builds). */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}

/** CPU time a process has used, in seconds (utime + stime of /proc/<pid>/stat). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: the fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * Busy and total jiffies of all cores since boot: the first line of /proc/stat, user to steal (guest
 * time is already counted in user); idle and iowait are not busy.
 */
function machineJiffies() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const numbers = values.slice(0, 8).map(Number);
  const total = numbers.reduce((sum, v) => sum + v, 0);
  return { busy: total - numbers[3]! - numbers[4]!, total };
}

/**
 * Starts counting CPU time; the function it returns gives the milliseconds used per request since:
 * by the whole machine (every process, all cores), by this process, and by each process named.
 */
export function cpuPerRequest(processes: Record<string, number> = {}) {
  const machineStart = machineJiffies().busy;
  const selfStart = process.cpuUsage();
  const othersStart = Object.entries(processes).map(([name, pid]) => ({ name, pid, start: cpuSeconds(pid) }));
  return (requests: number): Record<string, number> => {
    const perRequest = (seconds: number) => Number(((seconds * 1000) / Math.max(1, requests)).toFixed(3));
    const self = process.cpuUsage(selfStart);
    return {
      machine: perRequest((machineJiffies().busy - machineStart) / CLOCK_TICKS),
      self: perRequest((self.user + self.system) / 1e6),
      ...Object.fromEntries(othersStart.map(({ name, pid, start }) => [name, perRequest(cpuSeconds(pid) - start)])),
    };
  };
}

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').trim();
}

function busyPercentSince(start: { busy: number; total: number }) {
  const end = machineJiffies();
  return ((end.busy - start.busy) / Math.max(1, end.total - start.total)) * 100;
}

export interface Window {
  seconds: number;
  rss: { meanMb: number; peakMb: number; endMb: number };
  /** Share of one core, in percent. */
  cpuPercent: number;
  /** How busy the whole machine was (every process, all cores), in percent. */
  machineBusyPercent: number;
  loadAverage: string;
}

/**
 * Samples a process's RSS every second from now on. `window()` opens a measured window; its `close()`
 * gives the RSS of the samples inside it and the CPU used over it. `peakMb` covers every sample.
 */
export function sampleProcess(pid: number) {
  const samples: { at: number; mb: number }[] = [];
  const take = () => samples.push({ at: performance.now(), mb: rssMb(pid) });
  take();
  const timer = setInterval(take, 1000);
  timer.unref();
  return {
    get peakMb() {
      return Math.max(...samples.map((s) => s.mb));
    },
    /**
     * Resolves once the RSS has moved less than `spreadMb` over the last `seconds` (V8 gives the memory
     * of start-up back over a minute or two); rejects after `timeoutSeconds`.
     */
    async steady({ spreadMb = 3, seconds = 15, timeoutSeconds = 240 } = {}) {
      const started = performance.now();
      for (;;) {
        const recent = samples.filter((s) => s.at >= performance.now() - seconds * 1000).map((s) => s.mb);
        const covered = performance.now() - started >= seconds * 1000;
        if (covered && Math.max(...recent) - Math.min(...recent) < spreadMb) return (performance.now() - started) / 1000;
        if (performance.now() - started > timeoutSeconds * 1000)
          throw new Error(`the RSS of process ${pid} did not settle within ${timeoutSeconds} s`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    },
    window() {
      const start = performance.now();
      const cpuStart = cpuSeconds(pid);
      const machineStart = machineJiffies();
      return {
        close(): Window {
          take();
          const seconds = (performance.now() - start) / 1000;
          const inside = samples.filter((s) => s.at >= start).map((s) => s.mb);
          return {
            seconds,
            rss: {
              meanMb: inside.reduce((sum, mb) => sum + mb, 0) / inside.length,
              peakMb: Math.max(...inside),
              endMb: inside.at(-1)!,
            },
            cpuPercent: ((cpuSeconds(pid) - cpuStart) / seconds) * 100,
            machineBusyPercent: busyPercentSince(machineStart),
            loadAverage: loadAverage(),
          };
        },
      };
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Established TCP connections of a process to a local port: its socket inodes (/proc/<pid>/fd)
 * matched with the kernel's table of IPv4 and IPv6 connections.
 */
export function connectionsTo(pid: number, port: number): number {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    const target = readlinkOrNull(`/proc/${pid}/fd/${fd}`);
    const inode = target && /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const [remote, state, inode] = [cols[2]!, cols[3], cols[9]!];
      if (state === '01' && remote.endsWith(`:${hexPort}`) && inodes.has(inode)) count++;
    }
  }
  return count;
}

function readlinkOrNull(file: string): string | null {
  try {
    return readlinkSync(file);
  } catch {
    return null; // the descriptor closed while the list was read
  }
}
