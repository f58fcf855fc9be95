import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { concurrencyGate, gatedPasswordHashing } from './password-hashing';

describe('concurrencyGate', () => {
  it('runs at most `limit` tasks at once and every task to its own result', async () => {
    const gated = concurrencyGate(2);
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        gated(async () => {
          running += 1;
          most = Math.max(most, running);
          await sleep(5);
          running -= 1;
          return n * 10;
        }),
      ),
    );
    expect(results).toEqual([10, 20, 30, 40, 50, 60]);
    expect(most).toBe(2);
  });

  it('frees the slot of a task that fails', async () => {
    const gated = concurrencyGate(1);
    await expect(gated(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gated(async () => 'next')).resolves.toBe('next');
  });
});

describe('gatedPasswordHashing', () => {
  it("keeps Better Auth's scrypt format: a hash verifies against its password only", async () => {
    const hashing = gatedPasswordHashing(1);
    const hash = await hashing.hash('correct horse');
    expect(hash).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    await expect(hashing.verify({ hash, password: 'correct horse' })).resolves.toBe(true);
    await expect(hashing.verify({ hash, password: 'wrong horse' })).resolves.toBe(false);
  });
});
