/**
 * The chat assistant's engine (DESIGN §6 `answer`). A separate small interface beside `AiEngine`
 * rather than a fifth method on it: the pipeline, its tests and its benchmarks build `AiEngine`
 * values, and none of them answers chat questions. Both engines implement it (local: retrieval and
 * composition; LLM: the AI SDK, streamed). Everything in `AssistantContext` is the signed-in user's
 * own data, gathered by the caller; questions, history and knowledge are data, never instructions.
 */
import type { KnowledgeSnippet } from './engine';

export type AssistantPromptType = 'email' | 'classification' | 'ai';
export type AssistantLanguage = 'en' | 'fr';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AssistantQuestion {
  question: string;
  promptType: AssistantPromptType;
  /** Earlier messages, oldest first; always empty for types other than `ai`. */
  history: ChatTurn[];
}

/** A category as the assistant may describe it (read-only: no recipients, no rules' addresses). */
export interface AssistantCategory {
  id: string;
  name: string;
  kind: 'ai' | 'rules';
  instruction: string;
  /** 0 none, 1 reply, 2 create draft. */
  action: number;
}

/** The mail settings the assistant may mention: no server, login or secret. */
export interface AssistantMailSettings {
  provider: string;
  responseType: number;
  trackedMailbox: string;
  isSyncEnabled: boolean;
  isClassificationEnabled: boolean;
}

/** A section of the product's help: always quotable. */
export type HelpPassage = Pick<KnowledgeSnippet, 'title' | 'content'>;

export interface AssistantContext {
  /** The language to answer in when the question does not show its own. */
  language: AssistantLanguage;
  /** The user's knowledge entries that best match the question, best first (internal ones never quoted). */
  knowledge: KnowledgeSnippet[];
  /** Passages of the product's help that best match the question, best first. */
  help: HelpPassage[];
  categories: AssistantCategory[];
  mailSettings: AssistantMailSettings | null;
  /** The user's prompt instructions (may be empty). */
  ownerPrompt: string;
  /** How drafts are signed. */
  senderName: string;
}

export interface AssistantEngine {
  /** 'local' or the LLM provider's name, shown in the UI. */
  readonly name: string;
  answer(question: AssistantQuestion, context: AssistantContext): Promise<string>;
  /** The answer piece by piece as the engine produces it (the local engine gives it in one piece). */
  streamAnswer(question: AssistantQuestion, context: AssistantContext): AsyncIterable<string>;
}
