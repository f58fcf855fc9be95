import { describe, it } from 'vitest';
import { startAnthropicServer, structuredAnswer } from '../../../test/vendors/anthropic-server';
import { startOpenAiServer } from '../../../test/vendors/openai-server';
import { AiEngineError, type EngineMessage } from '../engine';
import { createLlmEngine, languageModel } from './llm-engine';

/**
 * Provider failures over both wire formats: the AI SDK retries what the provider says is passing
 * (429, 5xx, Anthropic's 529 overloaded) — after `retry-after` when the answer has one, else after
 * 2 s then 4 s (its defaults: maxRetries 2, so 3 requests at most) — and what still fails after
 * that is an AiEngineError, which the pipeline retries later. The tests wait for real backoffs
 * (about 6 s each at most), so they run concurrently, each with its own server.
 */
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** The SDK's default maxRetries (ai/dist: prepareRetries), so 1 + 2 requests at most. */
const SDK_ATTEMPTS = 3;
const sorted = { categoryId: 'c-invoices', confidence: 0.9, reason: 'An invoice.' };
const mail: EngineMessage = { subject: 'Invoice 114', from: null, to: [], text: 'Please find the invoice attached.', date: null };
const categories = [{ id: 'c-invoices', name: 'Invoices', instruction: 'Supplier invoices' }];

type Failure = { status: number; message: string; headers?: Record<string, string> };

/** One wire format: a fresh server, the engine on it, answers to queue, when each request left. */
type Vendor = {
  times: number[];
  count: () => number;
  good: () => void;
  fail: (failure: Failure) => void;
  /** The error a format's servers answer for "busy": 500 for OpenAI, 529 overloaded for Anthropic. */
  busy: Failure;
  classify: () => Promise<unknown>;
  close: () => Promise<void>;
};

/** Records when each request is sent: the servers' own request logs count them. */
function timed(times: number[], addHeaders: (status: number) => Record<string, string> = () => ({})): typeof fetch {
  return async (input, init) => {
    times.push(Date.now());
    const response = await fetch(input, init);
    const extra = addHeaders(response.status);
    if (Object.keys(extra).length === 0) return response;
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

async function openAi(): Promise<Vendor> {
  const server = await startOpenAiServer({ apiKey: 'sk-test' });
  const times: number[] = [];
  // openai-server.ts answers errors without headers: the ones a failure asks for are added here.
  const pending: Record<string, string>[] = [];
  const fetch = timed(times, (status) => (status >= 400 ? (pending.shift() ?? {}) : {}));
  const model = languageModel({ provider: 'openai', model: 'gpt-test', apiKey: 'sk-test', baseUrl: server.baseUrl, fetch });
  const engine = createLlmEngine(model, 'openai');
  return {
    times,
    count: () => server.requests.length,
    good: () => server.answers.push({ content: JSON.stringify(sorted) }),
    fail: ({ status, message, headers }) => {
      server.answers.push({ content: null, error: { status, message } });
      pending.push(headers ?? {});
    },
    busy: { status: 500, message: 'The server had an error while processing your request.' },
    classify: () => engine.classify(mail, categories, null),
    close: server.close,
  };
}

async function anthropic(): Promise<Vendor> {
  const server = await startAnthropicServer({ apiKey: 'sk-ant-test' });
  const times: number[] = [];
  const model = languageModel({
    provider: 'anthropic',
    model: 'claude-test',
    apiKey: 'sk-ant-test',
    baseUrl: server.baseUrl,
    fetch: timed(times),
  });
  const engine = createLlmEngine(model, 'anthropic');
  return {
    times,
    count: () => server.requests.length,
    good: () => server.answers.push(structuredAnswer(sorted)),
    fail: (error) => server.answers.push({ error }),
    busy: { status: 529, message: 'Overloaded' },
    classify: () => engine.classify(mail, categories, null),
    close: server.close,
  };
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

describe.concurrent.each([
  { format: 'chat-completions (OpenAI)', start: openAi },
  { format: 'Anthropic Messages', start: anthropic },
])('provider errors over $format', ({ start }) => {
  it('a 429 with retry-after: 1 is retried after that second, and the call succeeds', { timeout: 10_000 }, async ({ expect }) => {
    const vendor = await start();
    try {
      vendor.fail({ status: 429, message: 'Rate limit reached', headers: { 'retry-after': '1' } });
      vendor.good();
      await expect(vendor.classify()).resolves.toEqual(sorted);
      expect(vendor.count()).toBe(2);
      const [gap] = gaps(vendor.times);
      // The header's second, not the 2 s backoff the SDK waits without it.
      expect(gap).toBeGreaterThanOrEqual(900);
      expect(gap).toBeLessThan(1_900);
    } finally {
      await vendor.close();
    }
  });

  it(
    'a busy provider twice, then a good answer: it succeeds after the 2 s and 4 s backoffs',
    { timeout: 15_000 },
    async ({ expect }) => {
      const vendor = await start();
      try {
        vendor.fail(vendor.busy);
        vendor.fail(vendor.busy);
        vendor.good();
        await expect(vendor.classify()).resolves.toEqual(sorted);
        expect(vendor.count()).toBe(3);
        const [first, second] = gaps(vendor.times);
        expect(first).toBeGreaterThanOrEqual(1_900);
        expect(second).toBeGreaterThanOrEqual(3_900);
      } finally {
        await vendor.close();
      }
    },
  );

  it("the same error every time: an AiEngineError after the SDK's retries", { timeout: 15_000 }, async ({ expect }) => {
    const vendor = await start();
    try {
      for (let i = 0; i < SDK_ATTEMPTS + 1; i++) vendor.fail({ status: 500, message: 'Internal server error' });
      const failed = vendor.classify();
      await expect(failed).rejects.toBeInstanceOf(AiEngineError);
      await expect(failed).rejects.toThrow(`Failed after ${SDK_ATTEMPTS} attempts. Last error: Internal server error`);
      expect(vendor.count()).toBe(SDK_ATTEMPTS);
    } finally {
      await vendor.close();
    }
  });

  it('a request the provider rejects (400) is not retried', async ({ expect }) => {
    const vendor = await start();
    try {
      vendor.fail({ status: 400, message: 'max_tokens: Field required' });
      await expect(vendor.classify()).rejects.toThrow('The AI model gave no usable answer: max_tokens: Field required');
      expect(vendor.count()).toBe(1);
    } finally {
      await vendor.close();
    }
  });
});
