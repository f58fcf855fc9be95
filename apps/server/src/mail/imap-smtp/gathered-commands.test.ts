import { describe, expect, it } from 'vitest';
import { gatheredCommand } from './gathered-commands';

/** A connection that runs one command at a time, like imapflow's queue, recording each command's ids. */
function connection() {
  const commands: { key: string; ids: string[] }[] = [];
  let busy = Promise.resolve();
  const command = gatheredCommand<string>((key, take) => {
    const turn = busy.then(async () => {
      const ids = take();
      commands.push({ key, ids });
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (ids.includes('bad')) throw new Error(`refused ${ids.join(',')}`);
      return new Map(ids.map((id) => [id, `${key}:${id}`]));
    });
    busy = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  });
  return { commands, command };
}

describe('gathered IMAP commands', () => {
  it('gathers the calls made while the connection is busy into one command per key', async () => {
    const { commands, command } = connection();
    const first = command('INBOX', ['1']);
    // Asked while the first command waits for its turn: they join it, or the next one of their key.
    const rest = [command('INBOX', ['2']), command('Drafts', ['7']), command('INBOX', ['3', '4'])];
    expect((await first)?.get('1')).toBe('INBOX:1');
    const answers = await Promise.all(rest);
    expect(answers[0]?.get('2')).toBe('INBOX:2');
    expect(answers[1]?.get('7')).toBe('Drafts:7');
    expect(answers[2]?.get('4')).toBe('INBOX:4');
    expect(commands).toEqual([
      { key: 'INBOX', ids: ['1', '2', '3', '4'] },
      { key: 'Drafts', ids: ['7'] },
    ]);
  });

  it('starts a new command for calls made once a batch has taken its ids', async () => {
    const { commands, command } = connection();
    await command('INBOX', ['1']);
    await command('INBOX', ['2']);
    expect(commands.map((c) => c.ids)).toEqual([['1'], ['2']]);
  });

  it('gives every caller of a batch its error, and the next call a fresh batch', async () => {
    const { commands, command } = connection();
    const calls = [command('INBOX', ['1']), command('INBOX', ['bad'])];
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect((await command('INBOX', ['5']))?.get('5')).toBe('INBOX:5');
    expect(commands.map((c) => c.ids)).toEqual([['1', 'bad'], ['5']]);
  });
});
