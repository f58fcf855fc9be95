import { describe, expect, it } from 'vitest';
import type { DraftContext, EngineMessage, KnowledgeSnippet } from '../engine';
import { answerQuestions } from './answer-questions';
import { createLocalEngine } from './local-engine';

const engine = createLocalEngine();
const mail = (subject: string, text: string, name = 'Anne Roy'): EngineMessage => ({
  subject,
  text,
  from: { name, address: 'anne@client.example' },
  to: [],
  date: null,
});
const context = (knowledge: KnowledgeSnippet[], over: Partial<DraftContext> = {}): DraftContext => ({
  responseInstructions: '',
  ownerPrompt: '',
  knowledge,
  pastReplies: [],
  senderName: 'contact@shop.example',
  now: new Date('2026-11-28T09:00:00Z'),
  timeZone: 'Europe/Paris',
  history: [],
  thread: [],
  ...over,
});
const entry = (title: string, content: string): KnowledgeSnippet => ({ id: title, title, content, internal: false });

const hedge = entry(
  'Taille de haie',
  'Taille de haie : 4,50 $ le mètre linéaire pour une haie de moins de 2 m. Les branches sont ramassées.',
);
const mowing = entry('Lawn mowing', 'Lawn mowing: 45 CAD per visit for a standard lot. Weekly mowing runs from May to October.');
const payment = entry('Payment', 'We accept Visa and Mastercard by phone, Interac e-transfer and cheques.');
const sod = entry('Sod', 'Sod installation: 2.25 CAD per sq ft. New sod is guaranteed 30 days.');
const redo = entry('Complaints', 'If a job is not done right, tell us within 7 days: we come back and redo it at no charge.');

describe('answerQuestions', () => {
  it('answers a price question with the price, and states the total of a quantity and a unit price', () => {
    const [answer] = answerQuestions(['Combien pour tailler 40 m de haie ?'], [hedge, mowing], 'fr');
    expect(answer!.sentences[0]).toContain('4,50 $ le mètre linéaire');
    expect(answer!.total).toBe('Pour 40 m, cela fait 180 $ au total.');
    const [sq] = answerQuestions(['What do you charge for sod?'], [sod], 'en', () => true, 'The yard is about 6,000 sq ft.');
    expect(sq!.total).toBe('For 6,000 sq ft, that comes to 13500 CAD in total.');
  });

  it('takes what is asked over what it is about, and never a year for a quantity', () => {
    const [answer] = answerQuestions(['Can I pay for the sod by credit card?'], [sod, payment], 'en');
    expect(answer!.sentences.join(' ')).toContain('Mastercard by phone');
    const [price] = answerQuestions(['What is your price per visit for the 2026 season?'], [mowing], 'en');
    expect(price!.total).toBeNull();
  });

  it('answers nothing from entries that do not answer, and says when only the other language does', () => {
    const [none] = answerQuestions(['Do you sell gift cards?'], [mowing, payment], 'en');
    expect(none).toEqual({ sentences: [], total: null, otherLanguageOnly: false });
    const cheques = entry('Paiement', 'Nous acceptons les chèques et les virements Interac.');
    const [elsewhere] = answerQuestions(['Can I pay by cheque?'], [cheques], 'en');
    expect(elsewhere!.sentences).toEqual([]);
    expect(elsewhere!.otherLanguageOnly).toBe(true);
  });
});

describe('local engine: honest drafts', () => {
  it('opens a complaint with an apology and answers from the complaints policy', async () => {
    const d = await engine.draftReply(
      mail('Lawn', 'Your crew left the lawn half mowed and damaged my fence. Very disappointed.'),
      context([mowing, redo]),
    );
    expect(d.text).toContain('I am sorry about this');
    expect(d.text).toContain('we come back and redo it at no charge');
  });

  it('signs as the owner asks and says "tu" when told to', async () => {
    const d = await engine.draftReply(
      mail('Haie', 'Salut, combien pour tailler 40 m de haie ?', 'Luc Roy'),
      context([hedge], { ownerPrompt: 'Sign as Marie. On tutoie les clients.' }),
    );
    expect(d.text).toContain('Pour 40 m, cela fait 180 $ au total.');
    expect(d.text).toContain("N'hésite pas à me contacter si tu as d'autres questions.");
    expect(d.text).toMatch(/Marie$/);
  });

  it("prices work no entry prices at the owner's hourly rate, never at a wage", () => {
    const hourly = entry('Hourly rate', 'Garden work: 55 CAD per hour per gardener, one hour minimum. Estimates are free.');
    const jobs = entry('Working for us', 'Pay starts at 20 CAD an hour, 40 to 50 hours a week.');
    const question = ['How much would you charge to prune our roses and divide the hostas?'];
    const [priced] = answerQuestions(question, [hourly, jobs, payment], 'en');
    expect(priced!.sentences).toEqual(['Garden work: 55 CAD per hour per gardener, one hour minimum.']);
    const [none] = answerQuestions(question, [jobs, payment], 'en');
    expect(none!.sentences).toEqual([]);
  });

  it('pastes no entry when nothing asked is in the knowledge: a holding reply', async () => {
    const d = await engine.draftReply(mail('Gift cards', 'Hello, do you sell gift cards?'), context([mowing, payment]));
    expect(d.text).toContain('I have received it and will come back to you shortly.');
    expect(d.text).not.toContain('45 CAD');
    expect(d.text).not.toContain('Mastercard');
  });
});
