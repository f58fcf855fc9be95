import type { AssistantEngine } from './ai/assistant';
import type { AiEngine } from './ai/engine';
import { createLlmAssistant } from './ai/llm/llm-assistant';
import { createLlmEngine, languageModel, type TokenUsage } from './ai/llm/llm-engine';
import { createLocalAssistant } from './ai/local/answer';
import { createLocalEngine } from './ai/local/local-engine';
import type { Config } from './config';
import { generateText } from 'ai';
import type { LlmSettings } from './ai/llm/llm-engine';
import type { Db } from './db/client';
import { ownProviderSettings, recordAiUsage } from './modules/ai-provider/ai-provider.service';
import { publicOnlyFetch } from './security/public-only-fetch';
import { createSecretBox } from './security/secret-box';

/**
 * The engines' factories, kept with the composition roots so that the ports (ai/engine.ts,
 * ai/assistant.ts) know no implementation. The LLM engine when a provider is configured, else the
 * local engine (DESIGN §6). Built by each composition root: the worker for the pipeline, the HTTP app
 * for the webmail's "Draft with AI".
 */
export function engineFor(config: Pick<Config, 'ai'>, options: { onUsage?: (usage: TokenUsage) => void } = {}): AiEngine {
  return config.ai
    ? createLlmEngine(languageModel(config.ai), config.ai.provider, { contextTokens: config.ai.contextTokens, ...options })
    : createLocalEngine();
}

/** The LLM assistant when a provider is configured, else the local one (as `engineFor` does for the pipeline). */
export function assistantEngineFor(config: Config): AssistantEngine {
  return config.ai ? createLlmAssistant(languageModel(config.ai), config.ai.provider) : createLocalAssistant();
}

/** The engines that answer for each user: their own provider's, else the operator's default (issue 39, item 5). */
export interface OwnerEngines {
  engineOf: (userId: string) => Promise<AiEngine>;
  assistantOf: (userId: string) => Promise<AssistantEngine>;
}

/**
 * Builds each user's engines from their own provider when they saved one (modules/ai-provider), else
 * from the operator's configuration, and keeps them until the settings change (their version is read
 * at each use: one query). Every AI call is counted for that user, by day, for the usage table.
 * `wrap` adds the process's metrics around each engine.
 */
export function ownerEngines(
  config: Config,
  db: Db,
  wrap: { engine(engine: AiEngine): AiEngine; assistant(engine: AssistantEngine): AssistantEngine },
): OwnerEngines {
  const secretBox = createSecretBox(config.encryptionKey);
  // A user's own endpoint reaches public addresses only, unless the operator allows private hosts.
  const guarded = config.mailAllowPrivateHosts ? undefined : publicOnlyFetch();
  const builtIn = { engine: wrap.engine(createLocalEngine()), assistant: wrap.assistant(createLocalAssistant()) };
  const built = new Map<string, { version: string; engine: AiEngine; assistant: AssistantEngine }>();

  async function enginesOf(userId: string) {
    const own = await ownProviderSettings({ db, secretBox }, userId);
    const settings = own ? { ...own.settings, ...(guarded && { fetch: guarded }) } : config.ai;
    const version = own ? `own:${own.version}` : 'operator';
    const known = built.get(userId);
    if (known?.version === version) return known;
    const record = (usage: TokenUsage, calls = 1) => void recordAiUsage(db, userId, usage, calls).catch(() => undefined);
    const engines = settings
      ? {
          version,
          engine: wrap.engine(
            createLlmEngine(languageModel(settings), settings.provider, {
              contextTokens: config.ai?.contextTokens,
              onUsage: record,
            }),
          ),
          assistant: wrap.assistant(createLlmAssistant(languageModel(settings), settings.provider, { onUsage: record })),
        }
      : { version, ...builtIn };
    built.set(userId, engines);
    return engines;
  }

  return {
    engineOf: async (userId) => (await enginesOf(userId)).engine,
    assistantOf: async (userId) => (await enginesOf(userId)).assistant,
  };
}

/**
 * One call that must be answered: a provider's settings are tested with it before they are saved,
 * through the same guard as their later use.
 */
export function testProviderCall(allowPrivateHosts: boolean) {
  const guarded = allowPrivateHosts ? undefined : publicOnlyFetch();
  return async (settings: LlmSettings): Promise<void> => {
    await generateText({
      model: languageModel({ ...settings, ...(guarded && { fetch: guarded }) }),
      prompt: 'Reply with the word OK.',
      maxOutputTokens: 5,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(15_000),
    });
  };
}
