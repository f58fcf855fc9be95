import { describe, expect, it } from 'vitest';
import type { DraftContext } from '../engine';
import { CHARS_PER_TOKEN, withinBudget } from './context-budget';

const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ');
const context = (over: Partial<DraftContext>): DraftContext => ({
  responseInstructions: '',
  ownerPrompt: '',
  knowledge: [],
  pastReplies: [],
  senderName: 'Ann',
  now: new Date('2026-11-28T09:00:00Z'),
  timeZone: null,
  history: [],
  thread: [],
  ...over,
});
const entry = (title: string, content: string) => ({ id: title, title, content, internal: false });

describe('a draft context within its token budget', () => {
  it('leaves a context that fits as it is', () => {
    const small = context({ knowledge: [entry('Hours', 'Open 9 to 5.')], pastReplies: ['Thanks!'] });
    expect(withinBudget(small, 1_000, 1_000)).toEqual(small);
  });

  it('cuts the longest parts first, to one length, after a whole word', () => {
    const long = words(1_500, 'long'); // 7,499 characters
    const reply = words(300, 'reply'); // 1,799
    const short = 'Delivery takes two days.';
    const fitted = withinBudget(
      context({ knowledge: [entry('Long', long), entry('Short', short)], pastReplies: [reply] }),
      2_000,
      2_000, // 8,000 characters, 2,000 of them fixed: 5,991 left for the parts after the titles
    );
    expect(fitted.knowledge[1]!.content).toBe(short);
    expect(fitted.pastReplies[0]).toBe(reply);
    const cut = fitted.knowledge[0]!.content;
    expect(cut.endsWith('long…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(5_991 - short.length - reply.length);
    const total = fitted.knowledge.reduce((n, k) => n + k.title.length + k.content.length, 0) + reply.length;
    expect(total + 2_000).toBeLessThanOrEqual(2_000 * CHARS_PER_TOKEN);
  });

  it("cuts what was answered to the sender before like any other part, and keeps the exchange's subject", () => {
    const history = [{ date: null, subject: 'Table booking', reply: words(400, 'booked') }];
    const fitted = withinBudget(context({ pastReplies: [words(400, 'alpha')], history }), 0, 400);
    expect(fitted.history[0]!.subject).toBe('Table booking');
    expect(fitted.history[0]!.reply!.length).toBeLessThan(history[0]!.reply.length);
    expect(fitted.history[0]!.reply!.endsWith('booked…')).toBe(true);
  });

  it("cuts the conversation's earlier messages like any other part, the longest first, keeping who wrote them", () => {
    const thread = [
      { date: null, from: 'Tama <tama@client.test>', text: words(600, 'catering') },
      { date: null, from: 'Owner', text: 'Yes, we can.' },
    ];
    const fitted = withinBudget(context({ thread }), 0, 400);
    expect(fitted.thread[1]).toEqual(thread[1]);
    expect(fitted.thread[0]!.from).toBe('Tama <tama@client.test>');
    expect(fitted.thread[0]!.text.endsWith('catering…')).toBe(true);
    expect(fitted.thread[0]!.text.length).toBeLessThan(thread[0]!.text.length);
  });

  it('cuts every part alike when all are long, and leaves out what is cut to nothing', () => {
    const parts = [words(400, 'alpha'), words(400, 'bravo'), words(400, 'charlie')];
    const fitted = withinBudget(context({ pastReplies: parts }), 0, 300); // 1,200 characters: 400 each
    expect(fitted.pastReplies.map((p) => p.length <= 400 && p.endsWith('…'))).toEqual([true, true, true]);
    const none = withinBudget(context({ knowledge: [entry('A', parts[0]!)], pastReplies: parts }), 10_000, 1_000);
    expect(none.knowledge).toEqual([]);
    expect(none.pastReplies).toEqual([]);
  });
});
