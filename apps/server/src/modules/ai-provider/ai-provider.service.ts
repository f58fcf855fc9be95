import type { AiProviderInput, AiProviderName, AiProviderView, AiUsage } from '@app/shared/ai-provider';
import { type ActorRef, assertSelf } from '../../access/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { MailError, resolveMailHost } from '../../mail/host-guard';
import type { SecretBox } from '../../security/secret-box';
import * as repo from './ai-provider.repository';

/** A provider as the engine factory builds it (the LLM engine's settings). */
export interface ProviderSettings {
  provider: AiProviderName;
  model: string;
  apiKey?: string;
  baseUrl?: string;
}
type LlmSettings = ProviderSettings;
/** The tokens of one answered call, as the provider reported them. */
type TokenUsage = { inputTokens: number | undefined; outputTokens: number | undefined };

export interface AiProviderDeps {
  db: Db;
  secretBox: SecretBox;
  /** The operator's default provider (AI_PROVIDER…), or null: the built-in engine. */
  operator: LlmSettings | null;
  /** Private addresses allowed for an OpenAI-compatible server (as for mail servers: MAIL_ALLOW_PRIVATE_HOSTS). */
  allowPrivateHosts: boolean;
  /** One call to the provider; rejects with the vendor's error, which is never shown. */
  testCall(settings: LlmSettings): Promise<void>;
  /** The user's engines are built anew after a change. */
  onChange?(userId: string): void;
}

const USAGE_DAYS = 14;

const failure = (reason: 'unreachable' | 'refused' | 'hostRefused') =>
  new AppError(400, `AI_PROVIDER_${reason.toUpperCase()}`, `aiProvider.errors.${reason}`);

/** The user's own provider as the engines need it (key opened), or null. */
export async function ownProviderSettings(deps: Pick<AiProviderDeps, 'db' | 'secretBox'>, userId: string) {
  const row = await repo.findSetting(deps.db, userId);
  if (!row) return null;
  const settings: LlmSettings = {
    provider: row.provider,
    model: row.model,
    ...(row.secret ? { apiKey: deps.secretBox.open(row.secret) } : {}),
    ...(row.baseUrl ? { baseUrl: row.baseUrl } : {}),
  };
  return { settings, version: row.updatedAt.getTime() };
}

/** The engine that answers for a user: their own provider's name, else the operator's (`operator`: its name or 'local'). */
export async function engineNameOf(db: Db, userId: string, operator: string): Promise<string> {
  return (await repo.findSetting(db, userId))?.provider ?? operator;
}

/** GET /api/ai-provider. */
export async function aiProviderView(deps: AiProviderDeps, caller: ActorRef, userId?: string): Promise<AiProviderView> {
  assertSelf(caller, userId);
  const row = await repo.findSetting(deps.db, caller.id);
  const active: AiProviderView['active'] = row
    ? { engine: row.provider, model: row.model, source: 'own' }
    : deps.operator
      ? { engine: deps.operator.provider, model: deps.operator.model, source: 'operator' }
      : { engine: 'local', model: null, source: 'builtin' };
  const own = row && {
    provider: row.provider,
    model: row.model,
    baseUrl: row.baseUrl,
    hasKey: row.secret !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
  return { active, own };
}

/**
 * PUT /api/ai-provider: the address passes the mail servers' host guard, one call is made with the
 * settings, and only then are they saved, the key sealed. A failed test says "unreachable" or
 * "refused" and nothing of what answered.
 */
export async function saveAiProvider(deps: AiProviderDeps, caller: ActorRef, input: AiProviderInput): Promise<AiProviderView> {
  if (input.baseUrl) await assertPublicAddress(input.baseUrl, deps.allowPrivateHosts);
  const settings: LlmSettings = {
    provider: input.provider,
    model: input.model,
    ...(input.apiKey ? { apiKey: input.apiKey } : {}),
    ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
  };
  await deps.testCall(settings).catch((error: unknown) => {
    throw failure(refusedBy(error) ? 'refused' : 'unreachable');
  });
  await repo.saveSetting(
    deps.db,
    {
      userId: caller.id,
      provider: input.provider,
      model: input.model,
      baseUrl: input.baseUrl ?? null,
      secret: input.apiKey ? deps.secretBox.seal(input.apiKey) : null,
    },
    new Date(),
  );
  deps.onChange?.(caller.id);
  return aiProviderView(deps, caller);
}

/** DELETE /api/ai-provider: the user's own provider is forgotten; the operator's default applies again. */
export async function removeAiProvider(deps: AiProviderDeps, caller: ActorRef) {
  await repo.deleteSetting(deps.db, caller.id);
  deps.onChange?.(caller.id);
  return { success: true as const };
}

/** A provider that answered and said no (a key, a model, a permission), as opposed to none answering. */
function refusedBy(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

async function assertPublicAddress(url: string, allowPrivate: boolean) {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  await resolveMailHost(host, 'smtp', allowPrivate).catch((error: unknown) => {
    throw failure(error instanceof MailError && error.reason === 'refused_host' ? 'hostRefused' : 'unreachable');
  });
}

/** Counts a model call made for `userId` (today, UTC). */
export async function recordAiUsage(db: Db, userId: string, usage: TokenUsage, calls = 1) {
  const day = new Date().toISOString().slice(0, 10);
  await repo.addUsage(db, userId, day, calls, { input: usage.inputTokens, output: usage.outputTokens });
}

/** GET /api/ai-provider/usage: the last 14 days with any use, newest first. */
export async function aiUsage(deps: Pick<AiProviderDeps, 'db'>, caller: ActorRef, now = new Date()): Promise<AiUsage> {
  const since = new Date(now.getTime() - (USAGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const [calls, credits] = await Promise.all([
    repo.usageSince(deps.db, caller.id, since),
    repo.creditsSpentSince(deps.db, caller.id, since),
  ]);
  const days = [...new Set([...calls.map((c) => c.day), ...credits.map((c) => c.day)])].sort().reverse();
  return {
    days: days.map((day) => {
      const used = calls.find((c) => c.day === day);
      return {
        day,
        calls: used?.calls ?? 0,
        inputTokens: used?.inputTokens ?? null,
        outputTokens: used?.outputTokens ?? null,
        credits: credits.find((c) => c.day === day)?.credits ?? 0,
      };
    }),
  };
}
