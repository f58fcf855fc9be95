import type { AskAnswer } from '@app/shared/assistant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';
import { seedMailActivity } from '../../../test/mail-activity-seed';
import { startOpenAiServer } from '../../../test/vendors/openai-server';

/**
 * The chat assistant looks up the owner's own mail (issue 39, item 4) with the built-in engine, over
 * a real database: the four common questions in English and French, and another owner's mail never
 * in an answer.
 */
describe('the assistant answers questions about the mail from its lookups', () => {
  let t: TestApp;
  let owner: TestUser;
  let rival: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, rival } = await seedMailActivity(t));
  }, 60_000);
  afterAll(() => t?.close());

  const ask = async (user: TestUser, question: string) => {
    const res = await t.call(user, 'POST', '/api/ai/ask', { question, promptType: 'ai' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AskAnswer>().answer;
  };

  it('says which customers asked for a quote today, in English and French', async () => {
    const en = await ask(owner, 'Which customers asked for a quote today?');
    expect(en).toMatch(/^Today, 2 people wrote in "Quote requests" \(2 messages\):/);
    expect(en).toContain('- Ann Client <ann@client.example>: "Quote for 40 quiches"');
    expect(en).toContain('- Bob Martin <bob@corp.example>: "Price for a wedding cake"');
    expect(en).not.toContain('Cy Old');
    const fr = await ask(owner, "Quels clients ont demandé un devis aujourd'hui ?");
    expect(fr).toMatch(/^Aujourd'hui, 2 personnes ont écrit dans « Quote requests » \(2 messages\) :/);
    expect(fr).toContain('- Ann Client <ann@client.example> : « Quote for 40 quiches »');
  });

  it('counts the invoices of this week', async () => {
    expect(await ask(owner, 'How many invoices this week?')).toBe('This week: 2 messages in "Invoices".');
    expect(await ask(owner, 'Combien de factures cette semaine ?')).toBe('Cette semaine : 2 messages dans « Invoices ».');
  });

  it('says what was sent to someone, and that nothing was when nothing was', async () => {
    const en = await ask(owner, 'What did you send to Bob?');
    expect(en).toMatch(
      /^One message sent to bob in the last 30 days:\n- .+, a reply to bob@corp\.example about "Price for a wedding cake": "Hello Bob, the wedding cake costs 120 EUR\."$/,
    );
    expect(await ask(owner, "Qu'as-tu envoyé à Bob ?")).toContain(
      'une réponse à bob@corp.example au sujet de « Price for a wedding cake »',
    );
    expect(await ask(owner, 'What did you send to ann@client.example?')).toBe(
      'I sent nothing to ann@client.example in the last 30 days: no reply and no forward by the assistant.',
    );
  });

  it('says why a message was filed where it is', async () => {
    const en = await ask(owner, 'Why was the mail from Ann filed there?');
    expect(en).toMatch(
      /^"Quote for 40 quiches" from Ann Client <ann@client\.example> \(.+\) was filed in "Quote requests" by the AI \(82% sure\): Asks for a price for a catering order\. A draft was saved\.$/,
    );
    const fr = await ask(owner, 'Pourquoi le mail de Ann a-t-il été classé là ?');
    expect(fr).toContain(
      "a été classé dans « Quote requests » par l'IA (sûre à 82 %) : Asks for a price for a catering order. Un brouillon a été enregistré.",
    );
    const which = await ask(owner, 'Why was this mail filed there?');
    expect(which.split('\n')[0]).toBe(
      'Tell me which message you mean (its sender, or its subject in quotes). The latest ones I sorted, and why:',
    );
    expect(which.split('\n')).toHaveLength(4);
  });

  it("never answers from another owner's mail", async () => {
    const theirs = await ask(rival, 'Which customers asked for a quote today?');
    expect(theirs).toContain('Eve Rival <eve@rival.example>');
    expect(theirs).not.toMatch(/Ann Client|Bob Martin/);
    expect(await ask(rival, 'What did you send to Bob?')).toMatch(/^I sent nothing to bob/);
    expect(await ask(owner, 'What did you send to Eve?')).toMatch(/^I sent nothing to eve/);
    expect(await ask(rival, 'Why was the mail from Ann filed there?')).toBe(
      'I found no message of the last 90 days that matches. Tell me its sender ("from …") or put its subject in quotes.',
    );
  });
});

/**
 * The same lookups made by an AI provider through tool calls (a local server speaking OpenAI's
 * chat-completions wire format): the tool runs for the signed-in owner only, whatever the model asks.
 */
describe('the assistant with an AI provider looks the mail up through tool calls', () => {
  let t: TestApp;
  let owner: TestUser;
  let rival: TestUser;
  let vendor: Awaited<ReturnType<typeof startOpenAiServer>>;
  beforeAll(async () => {
    vendor = await startOpenAiServer({ apiKey: 'test-key' });
    t = await createTestApp({ env: vendor.env });
    ({ owner, rival } = await seedMailActivity(t));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await vendor?.close();
  });

  /** The owner asks; the model looks up the quote requests of today, then answers; what the tool gave it. */
  async function toolResultFor(user: TestUser) {
    vendor.reset();
    const today = new Date().toISOString().slice(0, 10);
    vendor.answers.push(
      { content: null, toolCalls: [{ name: 'mailActivity', arguments: { from: today, categories: ['Quote requests'] } }] },
      { content: 'Two customers asked for a quote today.' },
    );
    const res = await t.call(user, 'POST', '/api/ai/ask', {
      question: 'Which customers asked for a quote today?',
      promptType: 'ai',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AskAnswer>().answer).toBe('Two customers asked for a quote today.');
    expect(vendor.requests[0]!.tools?.map((tool) => tool.function.name)).toEqual([
      'mailActivity',
      'sentMail',
      'searchKnowledge',
      'searchMail',
    ]);
    const result = vendor.requests[1]!.messages.find((m) => m.role === 'tool');
    return result!.content;
  }

  it("gives the model the owner's quote requests of today, and another owner's never", async () => {
    const mine = await toolResultFor(owner);
    expect(mine).toContain('ann@client.example');
    expect(mine).toContain('Price for a wedding cake');
    expect(mine).not.toMatch(/Quote please|eve@rival\.example|croissants/);
    const theirs = await toolResultFor(rival);
    expect(theirs).toContain('eve@rival.example');
    // Its own reply went to Ann: her address is there, never the owner's mail.
    expect(theirs).not.toMatch(/quiches|wedding cake|bob@corp\.example/);
  });

  it("answers what was sent to someone from the owner's own replies only", async () => {
    vendor.reset();
    vendor.answers.push(
      { content: null, toolCalls: [{ name: 'sentMail', arguments: { to: 'ann' } }] },
      { content: 'Nothing was sent to Ann.' },
    );
    await t.call(owner, 'POST', '/api/ai/ask', { question: 'What did you send to Ann?', promptType: 'ai' });
    const result = vendor.requests[1]!.messages.find((m) => m.role === 'tool')!.content;
    expect(result).not.toContain('Secret offer');
    expect(JSON.parse(result)).toMatchObject({ items: [] });
  });

  it('counts the invoices of the week and says why a message was filed, from the tool results', async () => {
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    vendor.reset();
    vendor.answers.push(
      {
        content: null,
        toolCalls: [
          { name: 'mailActivity', arguments: { from: monday.toISOString().slice(0, 10), categories: ['Invoices'], limit: 1 } },
        ],
      },
      { content: 'Two invoices came this week.' },
      { content: null, toolCalls: [{ name: 'mailActivity', arguments: { sender: 'ann', limit: 1 } }] },
      { content: 'It asks for a price for a catering order.' },
    );
    const count = await t.call(owner, 'POST', '/api/ai/ask', { question: 'How many invoices this week?', promptType: 'ai' });
    expect(count.json<AskAnswer>().answer).toBe('Two invoices came this week.');
    const counted = JSON.parse(vendor.requests[1]!.messages.find((m) => m.role === 'tool')!.content) as {
      total: number;
    };
    expect(counted.total).toBe(2);
    const why = await t.call(owner, 'POST', '/api/ai/ask', {
      question: 'Why was the mail from Ann filed there?',
      promptType: 'ai',
    });
    expect(why.json<AskAnswer>().answer).toBe('It asks for a price for a catering order.');
    const found = vendor.requests[3]!.messages.find((m) => m.role === 'tool')!.content;
    expect(found).toContain('Quote requests');
    expect(found).toContain('Asks for a price for a catering order.');
  });
});
