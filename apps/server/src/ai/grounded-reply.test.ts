import { describe, expect, it } from 'vitest';
import { askedQuestions, groundingFailure } from './grounded-reply';

const hours = {
  id: 'Opening hours',
  title: 'Opening hours',
  content: 'We are open Monday to Friday from 8 am to 6 pm. The shop is closed on Sundays.',
  internal: false,
};
const prices = { id: 'Prix des quiches', title: 'Prix des quiches', content: 'La quiche lorraine coûte 2,50 EUR la pièce.', internal: false };
const vault = { id: 'Vault', title: 'Vault', content: 'The vault code is 4821.', internal: true };

describe('askedQuestions', () => {
  it('finds questions and requests in English and French', () => {
    expect(askedQuestions('Hello, what are your opening hours? Thanks')).toEqual(['Hello, what are your opening hours?']);
    expect(askedQuestions('Bonjour. Pourriez-vous m’envoyer vos prix. Merci')).toHaveLength(1);
    expect(askedQuestions('Combien pour 40 quiches')).toHaveLength(1);
    expect(askedQuestions('Thanks for the lovely cake yesterday.')).toEqual([]);
  });

  it('takes a question word for a question only when the verb comes before the subject', () => {
    expect(askedQuestions('When can you come to look at the hedge')).toHaveLength(1);
    expect(askedQuestions('What time do you open on Saturday')).toHaveLength(1);
    expect(askedQuestions('Quand passez-vous pour la tonte')).toHaveLength(1);
    expect(askedQuestions('Quel est votre tarif horaire')).toHaveLength(1);
    expect(askedQuestions('When the system came on this morning it flooded the driveway.')).toEqual([]);
    expect(askedQuestions('Quand je suis rentré, la clôture était brisée.')).toEqual([]);
  });
});

describe('groundingFailure', () => {
  it('lets a reply go whose every fact is in a quotable entry retrieved for the message', () => {
    const reply =
      'Hello Anne,\nThank you for your message about "Opening hours?".\nWe are open Monday to Friday from 8 am to 6 pm.\nBest regards,\nMarie';
    expect(groundingFailure({ incoming: 'Opening hours?\nWhat are your opening hours?', reply, knowledge: [hours] })).toBeNull();
  });

  it('accepts a total from a quantity of the mail and a unit price of an entry', () => {
    const reply =
      'Bonjour,\nLa quiche lorraine coûte 2,50 EUR la pièce.\nPour 40 quiches, le total est de 100 EUR.\nCordialement,';
    expect(groundingFailure({ incoming: 'Combien pour 40 quiches lorraine ?', reply, knowledge: [prices] })).toBeNull();
    const wrong = reply.replace('100 EUR', '120 EUR');
    expect(groundingFailure({ incoming: 'Combien pour 40 quiches lorraine ?', reply: wrong, knowledge: [prices] })).toBe(
      'not_grounded',
    );
  });

  it('accepts the total of an area: two dimensions of the mail times a price per square unit', () => {
    const sod = { id: 'Sod', title: 'Sod', content: 'Sod installation: 2.25 CAD per sq ft.', internal: false };
    const incoming = 'What would a strip of 3 x 40 ft of sod cost?';
    const reply = 'Hello,\nSod installation: 2.25 CAD per sq ft.\nFor 3 x 40 ft, that comes to 270 CAD in total.\nBest regards,';
    expect(groundingFailure({ incoming, reply, knowledge: [sod] })).toBeNull();
    expect(groundingFailure({ incoming, reply: reply.replace('270', '300'), knowledge: [sod] })).toBe('not_grounded');
  });

  it('holds a reply to mail that asks nothing', () => {
    expect(
      groundingFailure({
        incoming: 'Thanks for the lovely cake yesterday.',
        reply: 'We are open Monday to Friday from 8 am to 6 pm.',
        knowledge: [hours],
      }),
    ).toBe('no_question');
  });

  it('holds a holding reply, a fact from nowhere, and a fact from an internal entry', () => {
    const incoming = 'What is the vault code?';
    expect(
      groundingFailure({
        incoming,
        reply: 'Hello,\nI have received it and will come back to you shortly.\nBest regards,',
        knowledge: [],
      }),
    ).toBe('not_grounded');
    expect(
      groundingFailure({ incoming, reply: 'Hello,\nThe vault code is 1234 and the alarm is off.', knowledge: [hours] }),
    ).toBe('not_grounded');
    expect(groundingFailure({ incoming, reply: 'Hello,\nThe vault code is 4821.', knowledge: [vault] })).toBe('not_grounded');
  });

  it('holds a reply that leaves a question unanswered', () => {
    const incoming = 'What are your opening hours? And how much is a quiche?';
    const reply = 'Hello,\nWe are open Monday to Friday from 8 am to 6 pm.\nBest regards,';
    expect(groundingFailure({ incoming, reply, knowledge: [hours, prices] })).toBe('question_unanswered');
  });
});

describe('groundingFailure and signatures', () => {
  it('reads no fact in the closing and the signature under it, whatever it holds', () => {
    const reply =
      'Hello,\nWe are open Monday to Friday from 8 am to 6 pm.\n\nBest regards,\nshop1@example.com\n+33 6 12 34 56 78';
    expect(groundingFailure({ incoming: 'When are you open?', reply, knowledge: [hours] })).toBeNull();
  });
});

describe('groundingFailure and what hides under a closing', () => {
  it('checks a long text under the closing like the rest', () => {
    const reply =
      'Hello,\nWe are open Monday to Friday from 8 am to 6 pm.\nBest regards,\nBy the way the vault code is 4821 and the alarm is off at night.';
    expect(groundingFailure({ incoming: 'When are you open?', reply, knowledge: [hours] })).toBe('not_grounded');
  });
});
