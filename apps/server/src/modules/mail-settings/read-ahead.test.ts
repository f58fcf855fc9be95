import { describe, expect, it } from 'vitest';
import type { MailProvider, MessageSummary } from '../../mail/port';
import { readAhead, windowsOf } from './read-ahead';

const summary = (id: number, size = 1_000): MessageSummary => ({
  id: String(id),
  messageId: `<${id}@test>`,
  subject: `m${id}`,
  from: null,
  to: [],
  date: null,
  seen: true,
  flagged: false,
  hasAttachments: false,
  size,
  junk: false,
});

/** A provider that records which messages were asked for, in order; message 7 fails. */
function recording() {
  const asked: string[] = [];
  const provider = {
    messages: {
      async fetchRaw(_folder: string, id: string) {
        asked.push(id);
        if (id === '7') throw new Error('connection lost');
        return Buffer.from(`raw ${id}`);
      },
    },
  } as unknown as MailProvider;
  return { asked, provider };
}

describe('windowsOf', () => {
  it('cuts by count and by size, never leaving a message out', () => {
    const ids = (windows: MessageSummary[][]) => windows.map((w) => w.map((s) => Number(s.id)));
    expect(
      ids(
        windowsOf(
          [1, 2, 3, 4, 5].map((i) => summary(i)),
          2,
        ),
      ),
    ).toEqual([[1, 2], [3, 4], [5]]);
    // 3 MiB each: two would pass 4 MiB; a message larger than a window is a window of its own.
    const big = [summary(1, 3 << 20), summary(2, 3 << 20), summary(3, 9 << 20), summary(4)];
    expect(ids(windowsOf(big, 25))).toEqual([[1], [2], [3], [4]]);
    expect(windowsOf([], 25)).toEqual([]);
  });
});

describe('readAhead', () => {
  it('asks for the next window when a window is reached, and gives each message its own source', async () => {
    const { asked, provider } = recording();
    const summaries = [1, 2, 3, 4, 5].map((i) => summary(i));
    const ahead = readAhead(provider, 'INBOX', summaries, 2);
    expect(asked).toEqual([]);
    expect(String(await ahead.rawOf(summaries[0]!))).toBe('raw 1');
    expect(asked).toEqual(['1', '2', '3', '4']);
    expect(String(await ahead.rawOf(summaries[1]!))).toBe('raw 2');
    expect(String(await ahead.rawOf(summaries[2]!))).toBe('raw 3');
    expect(asked).toEqual(['1', '2', '3', '4', '5']);
    expect(String(await ahead.rawOf(summaries[4]!))).toBe('raw 5');
  });

  it('raises a failure asked for ahead at its own message, not before and not as an unhandled rejection', async () => {
    const { provider } = recording();
    const summaries = [5, 6, 7, 8].map((i) => summary(i));
    const ahead = readAhead(provider, 'INBOX', summaries, 2);
    expect(String(await ahead.rawOf(summaries[0]!))).toBe('raw 5');
    // Message 7 has failed meanwhile, a window ahead.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(String(await ahead.rawOf(summaries[1]!))).toBe('raw 6');
    await expect(ahead.rawOf(summaries[2]!)).rejects.toThrow('connection lost');
  });
});
