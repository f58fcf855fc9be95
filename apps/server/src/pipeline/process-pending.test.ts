import { describe, expect, it } from 'vitest';
import { inWindow } from './process-pending';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Uneven work: without turns, later items would often send before earlier ones. */
const jitter = (i: number) => ((i * 7919) % 13) + 1;

describe('messages of one mailbox in a window', () => {
  it('works on several at once, never more than the window, and sends in arrival order', async () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    let inProgress = 0;
    let most = 0;
    const sent: number[] = [];
    const count = await inWindow(items, 4, new AbortController().signal, async (i, turn) => {
      inProgress++;
      most = Math.max(most, inProgress);
      await pause(jitter(i));
      await turn.wait();
      sent.push(i);
      await pause(jitter(i + 1));
      inProgress--;
    });
    expect(count).toBe(30);
    expect(most).toBe(4);
    expect(sent).toEqual(items);
  });

  it('starts nothing after a failure, finishes what is in progress, then throws the failure', async () => {
    const finished: number[] = [];
    const work = inWindow([0, 1, 2, 3, 4, 5, 6, 7], 3, new AbortController().signal, async (i) => {
      await pause(i === 1 ? 1 : 10);
      if (i === 1) throw new Error('connection lost');
      finished.push(i);
    });
    await expect(work).rejects.toThrow('connection lost');
    expect(finished.sort()).toEqual([0, 2]);
  });

  it('starts nothing once stopped, and finishes what is in progress', async () => {
    const stop = new AbortController();
    const started: number[] = [];
    const count = await inWindow([0, 1, 2, 3, 4, 5], 2, stop.signal, async (i) => {
      started.push(i);
      if (i === 1) stop.abort();
      await pause(5);
    });
    expect(started).toEqual([0, 1]);
    expect(count).toBe(2);
  });
});
