import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OpenAiMessage, startOpenAiServer } from '../../../test/vendors/openai-server';
import type { ActivityItem, ActivityQuery, AssistantContext, AssistantQuestion, AssistantTools, SentItem } from '../assistant';
import { AiEngineError, type KnowledgeSnippet } from '../engine';
import { createLlmAssistant } from './llm-assistant';
import { languageModel } from './llm-engine';

/**
 * The LLM chat assistant with the owner's read-only lookups (issue 39, item 4), against a local
 * server speaking OpenAI's chat-completions wire format: the model calls a function, the AI SDK runs
 * the tool and sends its result back as a `role: 'tool'` message, and the model answers.
 */
let vendor: Awaited<ReturnType<typeof startOpenAiServer>>;

beforeAll(async () => {
  vendor = await startOpenAiServer({ apiKey: 'test-key' });
});
afterAll(() => vendor.close());
beforeEach(() => vendor.reset());

const assistant = () =>
  createLlmAssistant(
    languageModel({ provider: 'openai-compatible', model: 'test-model', apiKey: 'test-key', baseUrl: vendor.baseUrl }),
    'openai-compatible',
  );

const NOW = new Date('2026-11-28T08:30:00Z');
const DAY = 24 * 60 * 60 * 1000;
const question: AssistantQuestion = { question: 'How many quote requests came in this week?', promptType: 'ai', history: [] };

const quote: ActivityItem = {
  date: new Date('2026-11-26T10:15:00Z'),
  fromName: 'Ngaio',
  fromAddress: 'ngaio@client.test',
  subject: 'Quote for 40 chairs',
  category: 'Quotes',
  classifiedBy: 'openai-compatible',
  confidence: 0.91,
  reason: `Asks for a price. ${'x'.repeat(400)}`,
  skipReason: null,
  actions: [{ kind: 'draft', status: 'done', detail: null, to: ['ngaio@client.test'] }],
};
const sent: SentItem = {
  date: new Date('2026-11-20T09:00:00Z'),
  kind: 'reply',
  to: ['ngaio@client.test'],
  subject: 'Delivery',
  text: 'Delivery takes two working days.',
};
const gate: KnowledgeSnippet = { id: 'k-gate', title: 'Parking gate', content: 'The parking gate code is 7712.', internal: true };
const parking: KnowledgeSnippet = { id: 'k-park', title: 'Parking', content: 'Free parking behind the shop.', internal: false };

/** The owner's lookups as an in-memory double that records what it was asked. */
function lookups() {
  const asked = { activity: [] as ActivityQuery[], sentTo: [] as [string, Date][], knowledge: [] as string[] };
  const tools: AssistantTools = {
    timeZone: 'Europe/Paris',
    now: NOW,
    activity: async (query) => (asked.activity.push(query), { total: 3, items: [quote] }),
    sentTo: async (recipient, since) => (asked.sentTo.push([recipient, since]), [sent]),
    searchKnowledge: async (query) => (asked.knowledge.push(query), [gate, parking]),
  };
  return { asked, tools };
}

const context = (tools?: AssistantTools): AssistantContext => ({
  ...(tools ? { tools } : {}),
  language: 'en',
  knowledge: [],
  help: [],
  categories: [
    { id: 'c-quotes', name: 'Quotes', kind: 'ai', instruction: 'Requests for a price', action: 2 },
    { id: 'c-invoices', name: 'Invoices', kind: 'ai', instruction: 'Supplier invoices', action: 0 },
  ],
  mailSettings: null,
  ownerPrompt: '',
  senderName: 'Ann from the Shop',
});

const toolMessages = (i: number) =>
  vendor.requests[i]!.messages.filter((m): m is Extract<OpenAiMessage, { role: 'tool' }> => m.role === 'tool');
const toolResult = (i: number, n = 0) => JSON.parse(toolMessages(i)[n]!.content) as Record<string, unknown>;

async function collect(pieces: AsyncIterable<string>) {
  const all: string[] = [];
  for await (const piece of pieces) all.push(piece);
  return all;
}

describe('LLM assistant with the owner lookups', () => {
  it('calls mailActivity with category ids and the period, sends the result back as a tool message, returns the answer', async () => {
    const { asked, tools } = lookups();
    vendor.answers.push(
      {
        content: null,
        toolCalls: [{ name: 'mailActivity', arguments: { from: '2026-11-23', to: '2026-11-27', categories: ['Quotes'] } }],
      },
      { content: 'Three quote requests came in this week, the latest from Ngaio.' },
    );
    const answer = await assistant().answer(question, context(tools));

    expect(answer).toBe('Three quote requests came in this week, the latest from Ngaio.');
    // Bare days are days in the owner's time zone (Paris, UTC+1 in November), the end day included.
    expect(asked.activity).toEqual([
      { since: new Date('2026-11-22T23:00:00Z'), until: new Date('2026-11-27T23:00:00Z'), categoryIds: ['c-quotes'], limit: 20 },
    ]);
    expect(vendor.requests).toHaveLength(2);
    const system = vendor.requests[0]!.messages.find((m) => m.role === 'system')!.content;
    expect(system).toContain('Today is Saturday, 28 November 2026 at 09:30 (Europe/Paris)');
    expect(system).toContain("look up the owner's own data");
    expect(system).toContain('What your tools return');
    const call = vendor.requests[1]!.messages.find((m) => m.role === 'assistant');
    expect(call).toMatchObject({
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'mailActivity' } }],
    });
    expect(toolMessages(1).map((m) => m.tool_call_id)).toEqual(['call_1']);
    const result = toolResult(1);
    expect(result).toMatchObject({
      period: { from: '2026-11-22T23:00:00.000Z', to: '2026-11-27T23:00:00.000Z' },
      total: 3,
      items: [
        {
          date: '2026-11-26T10:15:00.000Z',
          from: 'Ngaio',
          fromAddress: 'ngaio@client.test',
          subject: 'Quote for 40 chairs',
          category: 'Quotes',
          classifiedBy: 'openai-compatible',
          confidence: 0.91,
          skipReason: null,
          actions: [{ kind: 'draft', status: 'done', detail: null, to: ['ngaio@client.test'] }],
        },
      ],
    });
    const reason = (result.items as { reason: string }[])[0]!.reason;
    expect(reason).toHaveLength(300);
    expect(reason.startsWith('Asks for a price. xxx')).toBe(true);
  });

  it('streams: the tool call runs, then only the text of the answer comes out', async () => {
    const { asked, tools } = lookups();
    vendor.answers.push(
      {
        content: null,
        toolCalls: [{ name: 'mailActivity', arguments: { from: '2026-11-23T00:00:00+01:00', categories: ['Quotes'] } }],
      },
      { content: null, chunks: ['Three quote ', 'requests this week.'] },
    );
    const pieces = await collect(assistant().streamAnswer(question, context(tools)));

    expect(pieces.filter(Boolean)).toEqual(['Three quote ', 'requests this week.']);
    expect(asked.activity).toEqual([
      { since: new Date('2026-11-22T23:00:00Z'), until: NOW, categoryIds: ['c-quotes'], limit: 20 },
    ]);
    expect(vendor.requests.map((r) => r.stream)).toEqual([true, true]);
    expect(toolMessages(1).map((m) => m.tool_call_id)).toEqual(['call_1']);
    expect(toolResult(1)).toMatchObject({ total: 3, items: [{ subject: 'Quote for 40 chairs' }] });
  });

  it('never sends the content of an internal knowledge entry to the model, only its title', async () => {
    const { asked, tools } = lookups();
    vendor.answers.push(
      { content: null, toolCalls: [{ name: 'searchKnowledge', arguments: { query: 'parking gate code' } }] },
      { content: 'There is free parking behind the shop; the gate code is in your internal entry "Parking gate".' },
    );
    await assistant().answer({ ...question, question: 'What is the parking gate code?' }, context(tools));

    expect(asked.knowledge).toEqual(['parking gate code']);
    expect(toolResult(1)).toEqual({
      entries: [
        { title: 'Parking gate', internal: true },
        { title: 'Parking', content: 'Free parking behind the shop.' },
      ],
    });
    const sentToModel = JSON.stringify(vendor.requests);
    expect(sentToModel).not.toContain('7712');
    expect(sentToModel).toContain('Parking gate');
  });

  it('falls back to the defaults when the model gives malformed arguments', async () => {
    const { asked, tools } = lookups();
    vendor.answers.push(
      {
        content: null,
        toolCalls: [
          {
            name: 'mailActivity',
            arguments: { from: 'not a date', to: 'yesterday', categories: 'Quotes', limit: 'lots', sender: 42 },
          },
          { name: 'sentMail', arguments: { to: 'ngaio', from: 'last month' } },
        ],
      },
      { content: 'Nothing unusual this week.' },
    );
    await expect(assistant().answer(question, context(tools))).resolves.toBe('Nothing unusual this week.');

    expect(asked.activity).toEqual([{ since: new Date(NOW.getTime() - 7 * DAY), until: NOW, limit: 20 }]);
    expect(asked.sentTo).toEqual([['ngaio', new Date(NOW.getTime() - 30 * DAY)]]);
    expect(toolMessages(1).map((m) => m.tool_call_id)).toEqual(['call_1', 'call_2']);
    expect(toolResult(1, 0)).toMatchObject({
      total: 3,
      period: { from: '2026-11-21T08:30:00.000Z', to: '2026-11-28T08:30:00.000Z' },
    });
    expect(toolResult(1, 1)).toEqual({
      since: '2026-10-29T08:30:00.000Z',
      total: 1,
      items: [
        { date: '2026-11-20T09:00:00.000Z', kind: 'reply', to: ['ngaio@client.test'], subject: 'Delivery', text: sent.text },
      ],
    });
  });

  it('maps category names case-insensitively and reports the unknown ones instead of filtering by them', async () => {
    const { asked, tools } = lookups();
    vendor.answers.push(
      { content: null, toolCalls: [{ name: 'mailActivity', arguments: { categories: ['quotes', 'Holidays'], limit: 500 } }] },
      { content: 'Three.' },
    );
    await assistant().answer(question, context(tools));
    expect(asked.activity[0]).toMatchObject({ categoryIds: ['c-quotes'], limit: 50 });
    expect(toolResult(1)).toMatchObject({ unknownCategoriesIgnored: ['Holidays'] });
  });

  it('declares the tools only when the context has them', async () => {
    const { tools } = lookups();
    vendor.answers.push({ content: 'Without tools.' }, { content: 'Streamed without tools.' }, { content: 'With tools.' });
    await assistant().answer(question, context());
    await collect(assistant().streamAnswer(question, context()));
    await assistant().answer(question, context(tools));

    expect(vendor.requests[0]!.tools).toBeUndefined();
    expect(vendor.requests[1]!.tools).toBeUndefined();
    expect(vendor.requests[0]!.messages.find((m) => m.role === 'system')!.content).not.toContain('your tools');
    const declared = vendor.requests[2]!.tools!;
    expect(declared.map((t) => [t.type, t.function.name])).toEqual([
      ['function', 'mailActivity'],
      ['function', 'sentMail'],
      ['function', 'searchKnowledge'],
    ]);
    expect(Object.keys(declared[0]!.function.parameters.properties as object)).toEqual([
      'from',
      'to',
      'categories',
      'sender',
      'subjectWords',
      'limit',
    ]);
    expect(declared[0]!.function.description).toContain('in_doubt');
    expect(declared[1]!.function.parameters.required).toEqual(['to']);
  });

  it('stops after four model calls, and a failure after a tool call is still an AiEngineError', async () => {
    const { asked, tools } = lookups();
    const lookup = { content: null, toolCalls: [{ name: 'searchKnowledge', arguments: { query: 'parking' } }] };
    vendor.answers.push(lookup, lookup, lookup, lookup, { content: 'never asked' });
    await expect(assistant().answer(question, context(tools))).rejects.toBeInstanceOf(AiEngineError);
    expect(vendor.requests).toHaveLength(4);
    expect(asked.knowledge).toHaveLength(4);

    vendor.reset();
    vendor.answers.push(lookup, { content: null, error: { status: 400, message: 'Invalid request' } });
    await expect(collect(assistant().streamAnswer(question, context(tools)))).rejects.toBeInstanceOf(AiEngineError);
    expect(vendor.requests).toHaveLength(2);
  });

  it('tells the model a lookup failed, never why', async () => {
    const { tools } = lookups();
    const failing: AssistantTools = {
      ...tools,
      activity: () => Promise.reject(new Error('relation "mail_message" does not exist at 10.0.0.5')),
    };
    vendor.answers.push(
      { content: null, toolCalls: [{ name: 'mailActivity', arguments: {} }] },
      { content: 'I cannot tell right now.' },
    );
    expect(await assistant().answer(question, context(failing))).toBe('I cannot tell right now.');
    const [result] = toolMessages(1);
    expect(result!.content).toContain('The lookup failed');
    expect(result!.content).not.toMatch(/relation|10\.0\.0\.5/);
  });
});
