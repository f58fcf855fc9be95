import { generateText, type LanguageModel, streamText } from 'ai';
import type { AssistantContext, AssistantEngine, AssistantQuestion } from '../assistant';
import { cleanForEngine, toPlainOutput } from '../safety';
import { assistantMessages, assistantSystem } from './assistant-prompts';
import { AiEngineError } from '../engine';

/** The chat assistant of the LLM engine: the AI SDK's generateText, or streamText for the streamed answer. */
export function createLlmAssistant(model: LanguageModel, name: string): AssistantEngine {
  const request = (question: AssistantQuestion, context: AssistantContext) => ({
    model,
    system: assistantSystem(question.promptType, context),
    messages: assistantMessages(question.question, question.promptType === 'ai' ? question.history : []),
    temperature: 0.3,
  });

  return {
    name,

    async answer(question, context) {
      let text: string;
      try {
        ({ text } = await generateText(request(question, context)));
      } catch (error) {
        throw new AiEngineError(`The AI model gave no usable answer: ${error instanceof Error ? error.message : String(error)}`);
      }
      const plain = toPlainOutput(text);
      if (!plain) throw new AiEngineError('The AI model gave an empty answer');
      return plain;
    },

    // Errors arrive as parts of the stream (the SDK does not throw them from textStream).
    async *streamAnswer(question, context) {
      const result = streamText({ ...request(question, context), onError: () => {} });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') yield cleanForEngine(part.text);
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
