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

/** Which of the owner's processed mail to read: a period, and optionally categories, a sender, words of the subject. */
export interface ActivityQuery {
  since: Date;
  until: Date;
  categoryIds?: string[];
  /** Part of the sender's address or name. */
  sender?: string;
  /** Words that must all be in the subject. */
  subjectWords?: string[];
  /** At most this many items (the total is counted whatever the limit). */
  limit?: number;
}

/** A message the assistant handled, and what it did with it. */
export interface ActivityItem {
  date: Date;
  fromName: string;
  fromAddress: string | null;
  subject: string;
  /** The category it was filed in, or null. */
  category: string | null;
  /** 'rules', 'local' or an AI provider's name; null when it was not classified. */
  classifiedBy: string | null;
  confidence: number | null;
  reason: string | null;
  /** Why an AI step was skipped (no credits left, spam suspected…). */
  skipReason: string | null;
  actions: { kind: 'draft' | 'reply' | 'forward' | 'move' | 'mark_spam'; status: string; detail: string | null; to: string[] }[];
}

/** A reply or forward the assistant sent. */
export interface SentItem {
  date: Date;
  kind: 'reply' | 'forward';
  to: string[];
  /** The subject of the message answered or forwarded. */
  subject: string;
  /** The reply's text (empty for a forward). */
  text: string;
}

/** A message the webmail's search found. */
export interface MailHit {
  date: Date | null;
  from: string;
  to: string[];
  subject: string;
  folder: 'inbox' | 'sent';
}

/**
 * Read-only lookups over the signed-in owner's own data (issue 39, item 4), bound to them by the
 * caller: an engine can only ever read what these return.
 */
export interface AssistantTools {
  /** The owner's time zone (null: unknown, UTC is used), for "today" and "this week". */
  timeZone: string | null;
  now: Date;
  activity(query: ActivityQuery): Promise<{ total: number; items: ActivityItem[] }>;
  /** Replies and forwards sent to a recipient (part of an address or a name), newest first. */
  sentTo(recipient: string, since: Date): Promise<SentItem[]>;
  /** The owner's knowledge entries that share a word with `query`, best first. */
  searchKnowledge(query: string): Promise<KnowledgeSnippet[]>;
  /** The webmail's search in the inbox or Sent, newest first (absent: no mailbox to search). */
  searchMail?(query: string, where: 'inbox' | 'sent'): Promise<{ total: number; items: MailHit[] }>;
}

export interface AssistantContext {
  /** The owner's data, looked up on demand; absent, the assistant answers from the help and knowledge given. */
  tools?: AssistantTools;
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
