import type { AiProviderView, AiUsage } from '@app/shared/ai-provider';
import type { AskAnswer } from '@app/shared/assistant';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';
import { startOpenAiServer } from '../../../test/vendors/openai-server';
import { createSecretBox } from '../../security/secret-box';
import { saveAiProvider } from './ai-provider.service';

const OWN_KEY = 'sk-own-key-of-the-owner-4821';

/**
 * Each owner's own AI provider (issue 39, item 5), against a local server speaking OpenAI's
 * chat-completions wire format and a real database: tested before it is saved, sealed at rest,
 * never in an answer or a log line, used for that owner only, counted per day, and gone with them.
 */
describe("an owner's own AI provider", () => {
  const lines: string[] = [];
  const answers: string[] = [];
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let vendor: Awaited<ReturnType<typeof startOpenAiServer>>;

  beforeAll(async () => {
    vendor = await startOpenAiServer({ apiKey: OWN_KEY });
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    t = await createTestApp({ logger });
    [owner, other] = [await t.signUp(), await t.signUp()];
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await vendor?.close();
  });

  const call = async (user: TestUser, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, body?: object) => {
    const res = await t.call(user, method, url, body);
    answers.push(`${res.statusCode} ${JSON.stringify(res.headers)} ${res.body}`);
    return res;
  };
  const view = async (user: TestUser) => (await call(user, 'GET', '/api/ai-provider')).json<AiProviderView>();
  const own = (apiKey: string) => ({
    provider: 'openai-compatible' as const,
    model: 'test-model',
    apiKey,
    baseUrl: vendor.baseUrl,
  });

  it('uses the built-in engine until a provider is saved, and refuses one whose test call fails, saying only why', async () => {
    expect(await view(owner)).toEqual({ active: { engine: 'local', model: null, source: 'builtin' }, own: null });
    const refused = await call(owner, 'PUT', '/api/ai-provider', own('sk-wrong-key'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'AI_PROVIDER_REFUSED', message: 'aiProvider.errors.refused' });
    expect(refused.body).not.toContain('Incorrect API key');
    const unreachable = await call(owner, 'PUT', '/api/ai-provider', { ...own(OWN_KEY), baseUrl: 'http://127.0.0.1:9/v1' });
    expect(unreachable.json()).toMatchObject({ code: 'AI_PROVIDER_UNREACHABLE', message: 'aiProvider.errors.unreachable' });
    expect((await view(owner)).own).toBeNull();
    const invalid = await call(owner, 'PUT', '/api/ai-provider', { provider: 'openai', model: 'gpt-4o-mini' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('aiProvider.validation.keyRequired');
  });

  it('refuses an address on a private network where the operator does not allow one, before calling it', async () => {
    let called = false;
    const deps = {
      db: t.database.db,
      secretBox: createSecretBox('1'.repeat(64)),
      operator: null,
      allowPrivateHosts: false,
      testCall: async () => void (called = true),
    };
    const saving = saveAiProvider(
      deps,
      { id: owner.id, referrerId: null },
      { ...own(OWN_KEY), baseUrl: 'http://10.0.0.5:11434/v1' },
    );
    await expect(saving).rejects.toMatchObject({ status: 400, message: 'aiProvider.errors.hostRefused' });
    expect(called).toBe(false);
  });

  it("saves it sealed after one answered call, and answers the owner's assistant with it, and no one else's", async () => {
    const before = vendor.requests.length;
    vendor.answers.push({ content: 'OK' });
    const saved = await call(owner, 'PUT', '/api/ai-provider', own(OWN_KEY));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(vendor.requests.length).toBe(before + 1);
    expect(saved.json<AiProviderView>()).toMatchObject({
      active: { engine: 'openai-compatible', model: 'test-model', source: 'own' },
      own: { provider: 'openai-compatible', model: 'test-model', baseUrl: vendor.baseUrl, hasKey: true },
    });
    const [row] = await t.database.query<{ secret: string }>('SELECT secret FROM ai_provider_setting WHERE user_id = $1', [
      owner.id,
    ]);
    expect(row!.secret).toMatch(/^v1\./);
    expect(row!.secret).not.toContain(OWN_KEY);

    vendor.answers.push({ content: 'Free parking is behind the shop.' });
    const asked = (
      await call(owner, 'POST', '/api/ai/ask', { question: 'Is there parking?', promptType: 'ai' })
    ).json<AskAnswer>();
    expect(asked).toMatchObject({ answer: 'Free parking is behind the shop.', engine: 'openai-compatible' });
    // The other user keeps the operator's default (here the built-in engine): nothing reaches the owner's endpoint.
    const sent = vendor.requests.length;
    const theirs = (
      await call(other, 'POST', '/api/ai/ask', { question: 'Is there parking?', promptType: 'ai' })
    ).json<AskAnswer>();
    expect(theirs.engine).toBe('local');
    expect(vendor.requests.length).toBe(sent);
    expect((await view(other)).active.source).toBe('builtin');
    // The replay of past mail with an AI provider is offered by the user's own engine, not the operator's.
    expect((await call(other, 'GET', '/api/email-settings/accuracy/replay')).json()).toMatchObject({ code: 'REPLAY_NOT_NEEDED' });
    expect((await call(owner, 'GET', '/api/email-settings/accuracy/replay')).json()).not.toMatchObject({
      code: 'REPLAY_NOT_NEEDED',
    });

    const usage = (await call(owner, 'GET', '/api/ai-provider/usage')).json<AiUsage>();
    expect(usage.days).toEqual([
      { day: new Date().toISOString().slice(0, 10), calls: 1, inputTokens: 120, outputTokens: 30, credits: 0 },
    ]);
    expect((await call(other, 'GET', '/api/ai-provider/usage')).json<AiUsage>()).toEqual({ days: [] });
    expect(answers.join('\n')).not.toContain(OWN_KEY);
    expect(answers.join('\n')).not.toContain(row!.secret);
    expect(lines.join('\n')).not.toContain(OWN_KEY);
    expect(lines.join('\n')).not.toContain(row!.secret);
  });

  it('is removed on request, and with the account', async () => {
    expect((await call(owner, 'DELETE', '/api/ai-provider')).statusCode).toBe(200);
    expect(await view(owner)).toEqual({ active: { engine: 'local', model: null, source: 'builtin' }, own: null });
    vendor.answers.push({ content: 'OK' });
    expect((await call(owner, 'PUT', '/api/ai-provider', own(OWN_KEY))).statusCode).toBe(200);
    const deleted = await call(owner, 'DELETE', `/api/accounts/${owner.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const rows = await t.database.query('SELECT 1 FROM ai_provider_setting WHERE user_id = $1', [owner.id]);
    expect(rows).toEqual([]);
  });
});
