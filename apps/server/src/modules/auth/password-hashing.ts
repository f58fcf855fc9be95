import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/** Runs at most `limit` of the given tasks at once, the others in the order they came. */
export function concurrencyGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function gated<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * Better Auth's own scrypt (N 16384, r 16: 32 MiB of memory per hash), at most one per core at once.
 * Node runs it in libuv's pool of four threads: more hashes than cores finish no sooner, while each
 * holds its 32 MiB and a pool thread that file reads and DNS lookups queue behind. A burst of sign-ins
 * took the server from ~170 to 302 MB of RSS before this (bench/load.ts, two cores).
 */
export function gatedPasswordHashing(limit = availableParallelism()) {
  const gated = concurrencyGate(limit);
  return {
    hash: (password: string) => gated(() => hashPassword(password)),
    verify: (data: { hash: string; password: string }) => gated(() => verifyPassword(data)),
  };
}
