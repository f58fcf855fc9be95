import type { AssistantEngine } from './ai/assistant';
import type { AiEngine } from './ai/engine';
import { createLlmAssistant } from './ai/llm/llm-assistant';
import { createLlmEngine, languageModel, type TokenUsage } from './ai/llm/llm-engine';
import { createLocalAssistant } from './ai/local/answer';
import { createLocalEngine } from './ai/local/local-engine';
import type { Config } from './config';

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
