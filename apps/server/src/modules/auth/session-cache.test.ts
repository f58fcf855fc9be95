import { describe, expect, it } from 'vitest';
import { createSessionCache, SESSION_CHANGED_CHANNEL } from './session-cache';

/** A listener the test drives: what the database connection would report. */
function channel() {
  let payloadHandler: (payload: string) => void = () => undefined;
  let connectionHandler: (connected: boolean) => void = () => undefined;
  const listened: string[] = [];
  return {
    listened,
    database: {
      listen: async (name: string, onPayload: (payload: string) => void, onConnection?: (connected: boolean) => void) => {
        listened.push(name);
        payloadHandler = onPayload;
        connectionHandler = onConnection ?? (() => undefined);
        connectionHandler(true);
        return async () => undefined;
      },
    },
    send: (payload: string) => payloadHandler(payload),
    connected: (connected: boolean) => connectionHandler(connected),
  };
}

const session = (sessionId: string, userId: string) => ({ sessionId, userId, value: `${sessionId} of ${userId}` });

async function cacheOn(c: ReturnType<typeof channel>, now?: () => number) {
  const cache = createSessionCache<string>(c.database, { now });
  await Promise.resolve(); // the listener connects
  return cache;
}

describe('session cache', () => {
  it('listens on the channel of the triggers and keeps what was read', async () => {
    const c = channel();
    const cache = await cacheOn(c);
    expect(c.listened).toEqual([SESSION_CHANGED_CHANNEL]);
    cache.keep(cache.mark(), 'token-a', session('s1', 'u1'));
    expect(cache.get('token-a')).toBe('s1 of u1');
    expect(cache.get('token-b')).toBeUndefined();
  });

  it("drops a session when it changes, every session of a user when the user changes, everything on '*'", async () => {
    const c = channel();
    const cache = await cacheOn(c);
    cache.keep(cache.mark(), 'a', session('s1', 'u1'));
    cache.keep(cache.mark(), 'b', session('s2', 'u1'));
    cache.keep(cache.mark(), 'c', session('s3', 'u2'));
    cache.keep(cache.mark(), 'd', session('s4', 'u3'));
    c.send('ss1');
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, 's2 of u1']);
    c.send('uu1');
    expect([cache.get('b'), cache.get('c')]).toEqual([undefined, 's3 of u2']);
    c.send('*');
    expect([cache.get('c'), cache.get('d')]).toEqual([undefined, undefined]);
  });

  it('does not keep a session read while a change was heard: it may be that session', async () => {
    const c = channel();
    const cache = await cacheOn(c);
    const mark = cache.mark();
    c.send('ss9'); // the row was deleted after the query read it
    cache.keep(mark, 'a', session('s9', 'u1'));
    expect(cache.get('a')).toBeUndefined();
    cache.keep(cache.mark(), 'a', session('s9', 'u1'));
    expect(cache.get('a')).toBe('s9 of u1');
  });

  it("forgets at once what this process's own code changed, and keeps no read that raced the change", async () => {
    const c = channel();
    const cache = await cacheOn(c);
    cache.keep(cache.mark(), 'a', session('s1', 'u1'));
    cache.keep(cache.mark(), 'b', session('s2', 'u1'));
    cache.keep(cache.mark(), 'c', session('s3', 'u2'));
    cache.forgetSession('s1');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 's2 of u1', 's3 of u2']);
    const mark = cache.mark();
    cache.forgetUser('u1');
    expect([cache.get('b'), cache.get('c')]).toEqual([undefined, 's3 of u2']);
    cache.keep(mark, 'b', session('s2', 'u1')); // read before the change was made
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps nothing while the listener is disconnected, and forgets everything when it is lost', async () => {
    const c = channel();
    const cache = await cacheOn(c);
    cache.keep(cache.mark(), 'a', session('s1', 'u1'));
    c.connected(false);
    expect(cache.get('a')).toBeUndefined();
    cache.keep(cache.mark(), 'a', session('s1', 'u1'));
    expect(cache.get('a')).toBeUndefined();
    const mark = cache.mark();
    c.connected(true);
    cache.keep(mark, 'a', session('s1', 'u1')); // read before the listener was back
    expect(cache.get('a')).toBeUndefined();
    cache.keep(cache.mark(), 'a', session('s1', 'u1'));
    expect(cache.get('a')).toBe('s1 of u1');
  });

  it('keeps nothing when the listener cannot start', async () => {
    const errors: unknown[] = [];
    const cache = createSessionCache<string>(
      { listen: () => Promise.reject(new Error('no connection')) },
      { onError: (error) => errors.push(error) },
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    cache.keep(cache.mark(), 'a', session('s1', 'u1'));
    expect(cache.get('a')).toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it('reads a session again after a minute, whatever it heard', async () => {
    const c = channel();
    let clock = 0;
    const cache = await cacheOn(c, () => clock);
    cache.keep(cache.mark(), 'a', session('s1', 'u1'));
    clock = 59_999;
    expect(cache.get('a')).toBe('s1 of u1');
    clock = 60_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most 10,000 sessions, the oldest dropped first', async () => {
    const c = channel();
    const cache = await cacheOn(c);
    for (let i = 0; i <= 10_000; i += 1) cache.keep(cache.mark(), `t${i}`, session(`s${i}`, 'u'));
    expect(cache.get('t0')).toBeUndefined();
    expect(cache.get('t1')).toBe('s1 of u');
    expect(cache.get('t10000')).toBe('s10000 of u');
  });
});
