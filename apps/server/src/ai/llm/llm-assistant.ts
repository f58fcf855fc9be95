import { generateText, type LanguageModel, stepCountIs, streamText } from 'ai';
import type { AssistantContext, AssistantEngine, AssistantQuestion } from '../assistant';
import { cleanForEngine, toPlainOutput } from '../safety';
import { assistantMessages, assistantSystem } from './assistant-prompts';
import { assistantToolSet } from './assistant-tools';
import { AiEngineError } from '../engine';
import type { TokenUsage } from './llm-engine';

/** With tools, at most this many model calls: a few lookups, then the answer. */
const MAX_STEPS = 4;

/**
 * The chat assistant of the LLM engine: the AI SDK's generateText, or streamText for the streamed
 * answer. With the owner's lookups in the context, the model may call them (read-only tools) and
 * then answer; the SDK runs the tools and sends their results back, up to MAX_STEPS calls.
 */
export function createLlmAssistant(
  model: LanguageModel,
  name: string,
  /** Hears each answer's model calls and their tokens, as the provider reported them. */
  options: { onUsage?: (usage: TokenUsage, calls: number) => void } = {},
): AssistantEngine {
  const heard = (usage: { inputTokens: number | undefined; outputTokens: number | undefined }, calls: number) =>
    options.onUsage?.({ inputTokens: usage.inputTokens, outputTokens: usage.outputTokens }, calls);
  const request = (question: AssistantQuestion, context: AssistantContext) => ({
    model,
    system: assistantSystem(question.promptType, context),
    messages: assistantMessages(question.question, question.promptType === 'ai' ? question.history : []),
    temperature: 0.3,
    ...(context.tools ? { tools: assistantToolSet(context.tools, context.categories), stopWhen: stepCountIs(MAX_STEPS) } : {}),
  });

  return {
    name,

    async answer(question, context) {
      let text: string;
      try {
        const result = await generateText(request(question, context));
        heard(result.totalUsage, result.steps.length);
        // A refusal's cut text is not an answer.
        if (result.finishReason === 'content-filter') throw new Error('the model refused to answer');
        ({ text } = result);
      } catch (error) {
        throw new AiEngineError(`The AI model gave no usable answer: ${error instanceof Error ? error.message : String(error)}`);
      }
      const plain = toPlainOutput(text);
      if (!plain) throw new AiEngineError('The AI model gave an empty answer');
      return plain;
    },

    // Errors arrive as parts of the stream (the SDK does not throw them from textStream). Tool
    // calls, their results and step boundaries are parts too: only the text is the answer.
    async *streamAnswer(question, context) {
      const result = streamText({ ...request(question, context), onError: () => {} });
      // Text before a tool call ("let me check") and the answer after it are apart by a blank line.
      let wrote = false;
      let stepWrote = false;
      let calls = 0;
      for await (const part of result.fullStream) {
        if (part.type === 'finish-step') calls += 1;
        if (part.type === 'finish') {
          heard(part.totalUsage, calls);
          // A refusal ends as an error: what was streamed of it is then replaced by the error (the route's event).
          if (part.finishReason === 'content-filter') throw new AiEngineError('The AI model refused to answer');
        }
        if (part.type === 'text-delta') {
          if (part.text && wrote && !stepWrote) yield '\n\n';
          if (part.text) wrote = stepWrote = true;
          yield cleanForEngine(part.text);
        } else if (part.type === 'start-step') stepWrote = false;
        else if (part.type === 'error') {
          const error = part.error;
          throw new AiEngineError(
            `The AI model gave no usable answer: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    },
  };
}
