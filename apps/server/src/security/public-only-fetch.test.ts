import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOnlyFetch, RefusedHostError } from './public-only-fetch';

/** A user's own AI endpoint reaches public addresses only, checked at each connection. */
describe('publicOnlyFetch', () => {
  let hits = 0;
  let port = 0;
  const server = createServer((_req, res) => {
    hits += 1;
    res.end('{"ok":true}');
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses an internal address written as an IP, and a name that resolves to one, before connecting', async () => {
    const guarded = publicOnlyFetch();
    await expect(guarded(`http://127.0.0.1:${port}/v1/chat/completions`)).rejects.toBeInstanceOf(RefusedHostError);
    await expect(guarded(`http://[::ffff:127.0.0.1]:${port}/`)).rejects.toBeInstanceOf(RefusedHostError);
    const byName = await guarded(`http://localhost:${port}/`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(byName).toBeInstanceOf(Error);
    expect(((byName as Error).cause as Error | undefined)?.message ?? (byName as Error).message).toMatch(/private network/);
    expect(hits).toBe(0);
    // The same server answers a plain fetch: only the guard kept the calls away.
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).json()).toEqual({ ok: true });
    expect(hits).toBe(1);
  });
});
