import { describe, expect, it } from 'vitest';
import { reviewDraft } from './draft-review';
import type { KnowledgeSnippet } from './engine';

const entry = (id: string, title: string, content: string, internal = false): KnowledgeSnippet => ({
  id,
  title,
  content,
  internal,
});
const hours = entry('e-hours', 'Opening hours', 'We are open Monday to Friday from 8 am to 6 pm.');
const parking = entry('e-parking', 'Parking', 'Customers park for free behind the shop.');
const vault = entry('e-vault', 'Vault', 'The vault code is 4821.', true);

const draft = (text: string, over: object = {}) => ({ text, language: 'en' as const, ...over });

describe('reviewDraft', () => {
  it('names the entries that support the draft, and a question no source answers', () => {
    const review = reviewDraft({
      incoming: 'Visit\nWhat are your opening hours? Do you deliver to Lyon?',
      draft: draft('Hello Ann,\nWe are open Monday to Friday from 8 am to 6 pm.\nBest regards,\nMarie'),
      knowledge: [hours, parking],
      pastReplies: [],
    });
    expect(review).toEqual({
      sources: [{ kind: 'knowledge', id: 'e-hours', title: 'Opening hours' }],
      checks: [{ kind: 'unanswered', text: 'Do you deliver to Lyon?' }],
      allAnswered: false,
    });
  });

  it('asks to check a statement found in no entry, and credits one taken from a past reply', () => {
    const review = reviewDraft({
      incoming: 'Hours\nWhat are your opening hours?',
      draft: draft(
        'Hello,\nWe are open Monday to Friday from 8 am to 6 pm.\nOur new bakery opens next spring in Lyon.\nWe always keep a table by the window for regulars.',
      ),
      knowledge: [hours],
      pastReplies: ['Hi Tom, we always keep a table by the window for regulars. See you soon.'],
    });
    expect(review.sources).toEqual([
      { kind: 'knowledge', id: 'e-hours', title: 'Opening hours' },
      { kind: 'pastReply', excerpt: 'Hi Tom, we always keep a table by the window for regulars. See you soon.' },
    ]);
    expect(review.checks).toEqual([{ kind: 'unsupported', text: 'Our new bakery opens next spring in Lyon.' }]);
    expect(review.allAnswered).toBe(true);
  });

  it("keeps an engine's claims only for what it was given, its notes as its own, and flags an internal entry repeated", () => {
    const review = reviewDraft({
      incoming: 'Parking\nWhere can I park? And the vault code?',
      draft: draft('Customers park for free behind the shop. The vault code is 4821.', {
        used: { knowledge: ['e-parking', 'e-made-up'], pastReplies: [3] },
        toCheck: ['Confirm the\u200B parking is open on Sundays.'],
      }),
      knowledge: [parking, vault],
      pastReplies: [],
    });
    expect(review.sources).toEqual([{ kind: 'knowledge', id: 'e-parking', title: 'Parking' }]);
    expect(review.checks).toEqual([
      { kind: 'internal', text: 'Vault' },
      { kind: 'unsupported', text: 'The vault code is 4821.' },
      // Internal entries answer nothing for the sender.
      { kind: 'unanswered', text: 'And the vault code?' },
      { kind: 'engine', text: 'Confirm the parking is open on Sundays.' },
    ]);
  });
});
