import type { AssistantEngine } from '../ai/assistant';
import { type AiEngine, LLM_MODEL_ENGINE } from '../ai/engine';
import { aiCalls } from './counters';

/** The pipeline's engine, counting each call in `ai_calls_total` (failed calls too: they were made). */
export function countAiCalls(engine: AiEngine): AiEngine {
  const count = (kind: string) => aiCalls.inc({ engine: engine.name, kind });
  return {
    name: engine.name,
    knowledgeLimit: engine.knowledgeLimit,
    async train(categories, examples) {
      const model = await engine.train(categories, examples);
      // The LLM engine trains nothing (its model is the owner's corrections it keeps, no call is made):
      // only a real training counts.
      if (model && model.engine !== LLM_MODEL_ENGINE) count('training');
      return model;
    },
    classify(message, categories, model) {
      count('classification');
      return engine.classify(message, categories, model);
    },
    draftReply(message, context) {
      count('draft');
      return engine.draftReply(message, context);
    },
    proposeCategories(sample, howMany, language) {
      count('categories');
      return engine.proposeCategories(sample, howMany, language);
    },
  };
}

/** The chat assistant's engine, counting each question (streamed or not) as kind `assistant`. */
export function countAssistantCalls(engine: AssistantEngine): AssistantEngine {
  const count = () => aiCalls.inc({ engine: engine.name, kind: 'assistant' });
  return {
    name: engine.name,
    answer(question, context) {
      count();
      return engine.answer(question, context);
    },
    streamAnswer(question, context) {
      count();
      return engine.streamAnswer(question, context);
    },
  };
}
