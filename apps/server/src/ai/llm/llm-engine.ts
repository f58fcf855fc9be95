import { createAnthropic } from '@ai-sdk/anthropic';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type LanguageModel, Output } from 'ai';
import { z } from 'zod';
import {
  type AiEngine,
  AiEngineError,
  type ClassifierModel,
  LLM_MODEL_ENGINE,
  NO_CATEGORY,
  type TrainingExample,
} from '../engine';
import { detectLanguage } from '../text';
import { cleanUntrustedText, toPlainOutput } from '../safety';
import { DRAFT_CONTEXT_TOKENS, withinBudget } from './context-budget';
import * as prompts from './prompts';

export const LLM_PROVIDERS = ['openai', 'anthropic', 'mistral', 'openai-compatible'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

export interface LlmSettings {
  provider: LlmProvider;
  model: string;
  apiKey?: string;
  /** Another endpoint: a proxy, or an OpenAI-compatible server such as Ollama or vLLM. */
  baseUrl?: string;
  /** The tokens a draft's prompt may take (context-budget.ts). */
  contextTokens?: number;
  /** How requests are made (a user's own endpoint: public addresses only, security/public-only-fetch.ts). */
  fetch?: typeof fetch;
}

/** The model behind the settings; OpenAI-compatible servers speak the chat-completions wire format. */
export function languageModel(settings: LlmSettings): LanguageModel {
  const common = {
    apiKey: settings.apiKey ?? 'unused',
    baseURL: settings.baseUrl,
    ...(settings.fetch && { fetch: settings.fetch }),
  };
  switch (settings.provider) {
    case 'openai':
      return createOpenAI(common).chat(settings.model);
    case 'openai-compatible':
      return createOpenAI({ ...common, name: 'openai-compatible' }).chat(settings.model);
    case 'anthropic':
      return createAnthropic(common)(settings.model);
    case 'mistral':
      return createMistral(common)(settings.model);
  }
}

const classification = z.object({
  categoryId: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  reason: z.string(),
});
/** A draft as the model answers it: its sources by the labels the prompt gave them (prompts.ts). */
const draftAnswer = z.object({
  text: z.string(),
  knowledgeUsed: z.array(z.string()),
  pastRepliesUsed: z.array(z.string()),
  allAnswered: z.boolean(),
  toCheck: z.array(z.string()),
});
const proposals = z.object({ categories: z.array(z.object({ name: z.string(), instruction: z.string() })) });

/** How many of the owner's corrections a classification shows the model, and how much of each message. */
export const CORRECTION_EXAMPLES = 8;
const EXAMPLE_TEXT_CHARS = 400;

/**
 * What the LLM engine learns: nothing of the filed mail (the categories' descriptions say it), but
 * the owner's latest corrections (weighted examples, newest last), shown with each classification.
 */
function correctionsModel(examples: TrainingExample[]): ClassifierModel | null {
  const corrections = examples.filter((e) => (e.weight ?? 1) > 1).slice(-CORRECTION_EXAMPLES);
  if (corrections.length === 0) return null;
  const data: prompts.SortingExample[] = corrections.map((e) => ({
    categoryId: e.categoryId === NO_CATEGORY ? null : e.categoryId,
    from: e.message.from?.address ?? '',
    subject: e.message.subject.slice(0, 200),
    text: e.message.text.slice(0, EXAMPLE_TEXT_CHARS),
  }));
  return { engine: LLM_MODEL_ENGINE, version: 1, data };
}

const examplesOf = (model: ClassifierModel | null) =>
  model?.engine === LLM_MODEL_ENGINE && Array.isArray(model.data) ? (model.data as prompts.SortingExample[]) : [];

/** The tokens of one call, as the provider reported them (undefined when it did not). */
export type TokenUsage = { inputTokens: number | undefined; outputTokens: number | undefined };

/**
 * The LLM engine (DESIGN §6): structured output validated by zod, mail delimited as data. `onUsage`
 * hears the tokens of every answered call (the evaluation counts them); a draft's prompt is kept
 * within `contextTokens` (context-budget.ts).
 */
export function createLlmEngine(
  model: LanguageModel,
  name: string,
  options: { onUsage?: (usage: TokenUsage) => void; contextTokens?: number } = {},
): AiEngine {
  /**
   * The call's structured output, read inside the guard (the SDK throws when it reads an output that
   * is not there); a refusal is no answer, even when its cut text happens to parse.
   */
  async function ask<T extends { usage: TokenUsage; finishReason: string; output: unknown }>(
    run: () => Promise<T>,
  ): Promise<T['output']> {
    try {
      const result = await run();
      options.onUsage?.({ inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens });
      if (result.finishReason === 'content-filter') throw new Error('the model refused to answer');
      return result.output;
    } catch (error) {
      throw new AiEngineError(`The AI model gave no usable answer: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    name,
    // The best few: each one costs prompt tokens on every draft.
    knowledgeLimit: 4,
    train: async (_categories, examples) => correctionsModel(examples),

    async classify(message, categories, classifier) {
      if (categories.length === 0) return { categoryId: null, confidence: 0, reason: 'No categories' };
      const output = await ask(() =>
        generateText({
          model,
          system: prompts.classifySystem(),
          prompt: prompts.classifyPrompt(message, categories, examplesOf(classifier)),
          output: Output.object({ schema: classification }),
          temperature: 0,
        }),
      );
      const known = categories.some((c) => c.id === output.categoryId);
      return {
        categoryId: known ? output.categoryId : null,
        confidence: known ? output.confidence : 0,
        reason: cleanUntrustedText(output.reason, 300),
      };
    },

    async draftReply(message, context) {
      const system = prompts.draftSystem(context);
      // The knowledge and past replies are cut to the budget, the longest first; never the message.
      const fixed = system.length + prompts.emailBlock(message).length;
      const fitted = withinBudget(context, fixed, options.contextTokens ?? DRAFT_CONTEXT_TOKENS);
      const output = await ask(() =>
        generateText({
          model,
          system,
          prompt: prompts.draftPrompt(message, fitted),
          output: Output.object({ schema: draftAnswer }),
          temperature: 0.3,
        }),
      );
      const plain = toPlainOutput(output.text);
      if (!plain) throw new AiEngineError('The AI model wrote an empty reply');
      // The labels name the fitted context; a reply the budget cut is found again by its beginning.
      const knowledge = fitted.knowledge.filter((_, i) => output.knowledgeUsed.includes(prompts.knowledgeLabel(i)));
      const replies = fitted.pastReplies.filter((_, i) => output.pastRepliesUsed.includes(prompts.replyLabel(i)));
      return {
        text: plain,
        language: detectLanguage(`${message.subject}\n${message.text}`),
        used: {
          knowledge: knowledge.map((k) => k.id),
          pastReplies: replies.map((r) => context.pastReplies.findIndex((p) => p.startsWith(r.replace(/…$/, '')))),
        },
        // The model's word on whether it answered everything is not kept: the product checks (draft-review.ts).
        toCheck: output.toCheck.slice(0, 5),
      };
    },

    async proposeCategories(sample, count, language) {
      const output = await ask(() =>
        generateText({
          model,
          system: prompts.proposeSystem(count, language),
          prompt: prompts.proposePrompt(sample),
          output: Output.object({ schema: proposals }),
        }),
      );
      return output.categories.slice(0, count).map((c) => ({
        name: cleanUntrustedText(c.name, 60)
          .replace(/[^\p{L}\p{M}\p{N} ._'-]/gu, '')
          .trim(),
        instruction: cleanUntrustedText(c.instruction, 500),
      }));
    },
  };
}
