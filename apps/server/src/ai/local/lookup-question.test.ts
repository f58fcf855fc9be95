import { describe, expect, it } from 'vitest';
import { categoriesForTopic } from './lookup-answer';
import { lookupQuestion } from './lookup-question';

const categories = [
  { id: 'q', name: 'Quote requests', kind: 'ai' as const, instruction: 'Customers asking for a price or a quote', action: 2 },
  { id: 'i', name: 'Invoices', kind: 'ai' as const, instruction: 'Supplier invoices and payment reminders', action: 0 },
  { id: 'j', name: 'Job applications', kind: 'ai' as const, instruction: 'CVs and candidates', action: 0 },
];
const named = (question: string, language: 'en' | 'fr') => {
  const lookup = lookupQuestion(question, language);
  if (!lookup || (lookup.kind !== 'list' && lookup.kind !== 'count')) return [];
  return categoriesForTopic(lookup.topic, lookup.phrase, categories, language).map((c) => c.name);
};

describe('lookupQuestion', () => {
  it('recognises the questions about the mail in English and French, by their grammar', () => {
    expect(lookupQuestion('Which customers asked for a quote today?', 'en')).toMatchObject({
      kind: 'list',
      people: true,
      period: { name: 'today' },
      topic: ['quote'],
    });
    expect(lookupQuestion("Quels clients ont demandé un devis aujourd'hui ?", 'fr')).toMatchObject({
      kind: 'list',
      people: true,
      period: { name: 'today' },
      topic: ['devis'],
    });
    expect(lookupQuestion('How many invoices this week?', 'en')).toMatchObject({ kind: 'count', period: { name: 'thisWeek' } });
    expect(lookupQuestion('Combien de factures cette semaine ?', 'fr')).toMatchObject({
      kind: 'count',
      period: { name: 'thisWeek' },
    });
    expect(lookupQuestion('How many messages did I get in the last 3 days?', 'en')).toMatchObject({
      kind: 'count',
      topic: [],
      period: { name: 'lastDays', days: 3 },
    });
    expect(lookupQuestion('What did you send to Bob?', 'en')).toEqual({
      kind: 'sent',
      recipient: 'bob',
      period: null,
      language: 'en',
    });
    expect(lookupQuestion('What did you reply to ann@client.example this week?', 'en')).toEqual({
      kind: 'sent',
      recipient: 'ann@client.example',
      period: { name: 'thisWeek' },
      language: 'en',
    });
    // Its own question words say a question is French, whatever the interface's language.
    expect(lookupQuestion("Qu'as-tu envoyé à Bob ?", 'en')).toEqual({
      kind: 'sent',
      recipient: 'bob',
      period: null,
      language: 'fr',
    });
    expect(lookupQuestion('Why was the mail from Ann filed there?', 'en')).toEqual({
      kind: 'why',
      sender: 'ann',
      subject: null,
      topic: [],
      language: 'en',
    });
    expect(lookupQuestion('Pourquoi le mail de Ann a-t-il été classé là ?', 'fr')).toMatchObject({ kind: 'why', sender: 'ann' });
    expect(lookupQuestion('Why was "Quote for 40 quiches" sorted there?', 'en')).toMatchObject({
      kind: 'why',
      subject: 'Quote for 40 quiches',
    });
    expect(lookupQuestion('Pourquoi ce message a-t-il été classé là ?', 'fr')).toEqual({
      kind: 'why',
      sender: null,
      subject: null,
      topic: [],
      language: 'fr',
    });
  });

  it('recognises a search of the mailbox, in the inbox or among the mail the owner sent', () => {
    expect(lookupQuestion('Find the messages about quiches', 'en')).toEqual({
      kind: 'search',
      query: 'quiches',
      where: 'inbox',
      language: 'en',
    });
    expect(lookupQuestion('Find the mails I sent about invoices?', 'en')).toMatchObject({ query: 'invoices', where: 'sent' });
    expect(lookupQuestion('Cherche les messages de bob@corp.example', 'en')).toMatchObject({
      kind: 'search',
      query: 'bob@corp.example',
      language: 'fr',
    });
    // With a period, it is the activity that answers.
    expect(lookupQuestion('Show me the messages from Ann this week', 'en')).not.toMatchObject({ kind: 'search' });
  });

  it('leaves questions about the product to the help', () => {
    for (const [question, language] of [
      ['How many credits do I have left?', 'en'],
      ['Which plan should I choose?', 'en'],
      ['How do I connect Gmail?', 'en'],
      ['Combien coûte le forfait Pro ?', 'fr'],
      ['Quelle est la différence entre brouillon et réponse ?', 'fr'],
    ] as const)
      expect(lookupQuestion(question, language), question).toBeNull();
  });

  it('finds the category a topic names, by its words or, across languages, by its concept', () => {
    expect(named('Which customers asked for a quote today?', 'en')).toEqual(['Quote requests']);
    expect(named("Quels clients ont demandé un devis aujourd'hui ?", 'fr')).toEqual(['Quote requests']);
    expect(named('Combien de factures cette semaine ?', 'fr')).toEqual(['Invoices']);
    expect(named('Combien de candidatures ce mois-ci ?', 'fr')).toEqual(['Job applications']);
    expect(named('How many messages this week?', 'en')).toEqual([]);
  });
});
