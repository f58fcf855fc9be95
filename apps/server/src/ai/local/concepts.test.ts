import { describe, expect, it } from 'vitest';
import lexicon from './lexicon/concepts.json';
import { broaderConcepts, conceptsOf } from './concepts';

type Entry = { gloss: string; weak?: boolean; broader?: string[]; related?: string[]; en: string[]; fr: string[] };
const concepts = (lexicon as { concepts: Record<string, Entry> }).concepts;

const found = (text: string, language: 'en' | 'fr') => [...conceptsOf(text, language).counts.keys()];

describe('the concept lexicon (lexicon/concepts.json)', () => {
  it('is well formed: a gloss, terms in both languages, known links and no cycle', () => {
    for (const [id, entry] of Object.entries(concepts)) {
      expect(entry.gloss, id).toMatch(/\S/);
      expect(entry.en.length, id).toBeGreaterThan(10);
      expect(entry.fr.length, id).toBeGreaterThan(10);
      for (const term of [...entry.en, ...entry.fr]) expect(term, id).toBe(term.toLowerCase().trim());
      for (const link of [...(entry.broader ?? []), ...(entry.related ?? [])])
        expect(concepts, `${id} → ${link}`).toHaveProperty(link);
      expect(broaderConcepts(id), id).not.toContain(id);
    }
  });

  it('finds the same concepts in English and French mail', () => {
    expect(found('How much would a cedar hedge cost? Could you send me an estimate?', 'en')).toContain('price-and-quote');
    expect(found('Combien pour 40 quiches ? Pouvez-vous m’envoyer une soumission ?', 'fr')).toContain('price-and-quote');
    expect(found('Please find attached invoice 1043, payable within 30 days.', 'en')).toContain('invoice');
    expect(found('Vous trouverez ci-joint la facture 1043.', 'fr')).toContain('invoice');
    expect(found('I would like to apply for the summer job, my resume is attached.', 'en')).toContain('job-application');
    expect(found('Je vous envoie ma candidature et mon CV pour le poste.', 'fr')).toContain('job-application');
  });

  it('counts a broader concept at half weight, and reads words typed without accents', () => {
    const match = conceptsOf('Invoice attached', 'en');
    expect(match.counts.get('invoice')).toBe(1);
    expect(match.counts.get('money')).toBe(0.5);
    expect(found('Voici le recu de votre paiement', 'fr')).toContain('receipt');
  });

  it('keeps words apart that differ only by their accents', () => {
    // "arrière" (back) is not "arriéré" (arrears); "livre" (book) is not a delivery when written with its accent.
    expect(found('Le patio en arrière de la maison', 'fr')).not.toContain('payment');
  });

  it('takes a word written as a term for that term before its stem', () => {
    // "accountant" and "account" share their stem; written out, each is its own concept.
    expect(found('Our accountant', 'en')).toEqual(['tax-and-accounting', 'money', 'legal-and-admin']);
    expect(found('Your account', 'en')).toContain('account-and-security');
  });

  it('matches phrases as a whole', () => {
    const match = conceptsOf('I want my money back', 'en');
    expect(match.counts.has('refund')).toBe(true);
    expect(match.surface.get('refund')).toBe('money back');
  });
});
