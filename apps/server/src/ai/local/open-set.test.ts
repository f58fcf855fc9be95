import { describe, expect, it } from 'vitest';
import { type EngineCategory, type EngineMessage, NO_CATEGORY } from '../engine';
import { createLocalEngine } from './local-engine';

const engine = createLocalEngine();

function mail(subject: string, text: string, options: { from?: string; bulk?: boolean } = {}): EngineMessage {
  return {
    subject,
    text,
    from: { name: '', address: options.from ?? 'someone@example.com' },
    to: [],
    date: null,
    signals: { bulk: options.bulk ?? false, calendar: false, attachmentNames: [] },
  };
}

const owners: EngineCategory[] = [
  ['quotes', 'Quotes', 'Customers asking how much something costs, asking for a quote or an estimate, or placing an order.'],
  ['billing', 'Billing', 'Invoices, payments, receipts and reminders about money we owe or that is owed to us.'],
  [
    'complaints',
    'Complaints',
    'Unhappy customers: complaints about our work, something damaged, or a customer who wants a refund.',
  ],
  ['appointments', 'Appointments', 'Booking, moving or cancelling a visit or an appointment.'],
  ['jobs', 'Job applications', 'People who want to work for us: job applications and CVs.'],
  ['suppliers', 'Suppliers', 'Mail from the companies we buy from: their price lists, stock and our orders with them.'],
  ['legal', 'Legal', 'Contracts, lawyers, insurance policies and claims.'],
  ['tax', 'Tax', 'Our accountant, tax returns and sales tax filings.'],
  ['repairs', 'Repairs', 'Our trucks, mowers and tools that need fixing.'],
  ['website', 'Website', 'Our website, online ads and social media pages.'],
].map(([id, name, instruction]) => ({ id: id!, name: name!, instruction: instruction! }));

const unrelated = [
  mail('Dinner on Sunday', 'Hi sweetie, are you coming for dinner on Sunday? The kids miss you. Love, Mom', {
    from: 'mom@family.test',
  }),
  mail('Votre colis a été livré', 'Votre colis 7834 a été livré à votre porte. Numéro de suivi : 1Z999.', {
    from: 'no-reply@postes.test',
  }),
  mail('Your weekly digest', 'Read our latest stories. Unsubscribe at any time.', { from: 'news@magazine.test', bulk: true }),
  mail('Security alert', 'New sign-in to your account from a new device. If this was not you, reset your password.'),
];

describe('local engine: mail that fits no category', () => {
  it('leaves personal mail, parcel notices, bulk mail and account alerts where they are, with 2, 5 or 10 categories (cold)', async () => {
    for (const count of [2, 5, 10]) {
      for (const message of unrelated) {
        const c = await engine.classify(message, owners.slice(0, count), null);
        expect(c.categoryId, `${message.subject} with ${count} categories`).toBeNull();
        expect(c.reason).toMatch(/which no category asks for|matches/);
      }
    }
  });

  it('files mail in the other language than the instruction, and says which words decided', async () => {
    const c = await engine.classify(
      mail('Haie de cèdres', 'Bonjour, combien me coûterait une haie de cèdres ? Pouvez-vous m’envoyer une soumission ?'),
      owners.slice(0, 5),
      null,
    );
    expect(c.categoryId).toBe('quotes');
    expect(c.reason).toMatch(/^Matches the name or instruction of "Quotes": words .*"(combien|soumission)/);
  });

  it('once trained, files bulk mail only into a category where the owner files such mail', async () => {
    const categories = owners.slice(0, 2);
    const quote = (i: number) =>
      mail(`Price for job ${i}`, `How much would it cost to redo the patio ${i}? Please send a quote.`);
    const bill = (i: number) => mail(`Invoice ${i}`, `Please find attached invoice ${i}, payment due in 30 days.`);
    const examples = [1, 2, 3, 4, 5].flatMap((i) => [
      { categoryId: 'quotes', message: quote(i) },
      { categoryId: 'billing', message: bill(i) },
    ]);
    const model = await engine.train(categories, examples);
    expect((await engine.classify(quote(9), categories, model)).categoryId).toBe('quotes');
    const newsletter = mail('Spring prices are here', 'Our newsletter: new prices and promotions. Unsubscribe here.', {
      bulk: true,
    });
    expect((await engine.classify(newsletter, categories, model)).categoryId).toBeNull();

    // An owner who files newsletters about prices into Quotes gets them there.
    const withNewsletters = [
      ...examples,
      ...[1, 2, 3].map((i) => ({
        categoryId: 'quotes',
        message: mail(`Price newsletter ${i}`, 'Our newsletter: new prices and promotions. Unsubscribe here.', { bulk: true }),
      })),
    ];
    const learned = await engine.train(categories, withNewsletters);
    expect((await engine.classify(newsletter, categories, learned)).categoryId).toBe('quotes');
  });

  it('learns "none" from mail the owner took out of the categories', async () => {
    const categories = owners.slice(0, 2);
    const quote = (i: number) =>
      mail(`Price for job ${i}`, `How much would it cost to redo the patio ${i}? Please send a quote.`);
    const bill = (i: number) => mail(`Invoice ${i}`, `Please find attached invoice ${i}, payment due in 30 days.`);
    const club = (i: number) =>
      mail(`Tennis club ${i}`, `Court prices for the tennis club this season ${i}: members pay less, see you on court.`);
    const examples = [1, 2, 3].flatMap((i) => [
      { categoryId: 'quotes', message: quote(i) },
      { categoryId: 'billing', message: bill(i) },
    ]);
    const cold = await engine.train(categories, examples);
    expect((await engine.classify(club(9), categories, cold)).categoryId).toBe('quotes');
    const corrected = await engine.train(categories, [
      ...examples,
      ...[1, 2].map((i) => ({ categoryId: NO_CATEGORY, message: club(i) })),
    ]);
    const c = await engine.classify(club(9), categories, corrected);
    expect(c.categoryId).toBeNull();
    expect(c.reason).toMatch(/^Similar to mail you took out of the categories: words .*"tennis"/);
    expect((await engine.classify(quote(9), categories, corrected)).categoryId).toBe('quotes');
  });
});
