import type { AiEngine } from './ai/engine';
import { createLlmEngine, languageModel } from './ai/llm/llm-engine';
import { createLocalEngine } from './ai/local/local-engine';
import type { Config } from './config';

/**
 * The LLM engine when a provider is configured, else the local engine (DESIGN §6). Built by each
 * composition root: the worker for the pipeline, the HTTP app for the webmail's "Draft with AI".
 */
export function engineFor(config: Config): AiEngine {
  return config.ai ? createLlmEngine(languageModel(config.ai), config.ai.provider) : createLocalEngine();
}
