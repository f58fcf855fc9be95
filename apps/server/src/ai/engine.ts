/**
 * The AI engine (DESIGN §6): one interface, two engines — the local engine (no network, the embedded
 * default) and the LLM engine (when AI_PROVIDER is set). The pipeline only ever talks to this.
 * Mail content reaching an engine is data, never instructions.
 */

/** What an engine sees of a message: already parsed and cleaned (no HTML, no invisible characters). */
export interface EngineMessage {
  subject: string;
  from: { name: string; address: string } | null;
  to: { name: string; address: string }[];
  /** Plain text, quoted history and signatures left in; engines cut what they need. */
  text: string;
  date: Date | null;
  /** What the message's structure says beyond its words; absent for mail known only by its text. */
  signals?: MessageSignals;
}

export interface MessageSignals {
  /** Sent to a list or in bulk: a List-Id or List-Unsubscribe header, or Precedence bulk, list or junk. */
  bulk: boolean;
  /** A calendar invitation (a text/calendar part or an .ics file). */
  calendar: boolean;
  /** File names of the attachments (not inline images). */
  attachmentNames: string[];
}

/** An AI category as the engine sees it: its name and the owner's instruction. */
export interface EngineCategory {
  id: string;
  name: string;
  instruction: string;
}

/** A message filed in a category: what the local engine trains on. */
export interface TrainingExample {
  /** The category, or NO_CATEGORY for a message the owner took out of the categories (it fits none). */
  categoryId: string;
  message: EngineMessage;
  /** How much it counts next to a filed message (1, the default): an owner's correction counts more. */
  weight?: number;
}

/** The `categoryId` of a training example that fits no category. */
export const NO_CATEGORY = '~none';

export interface Classification {
  /** Null when no category fits well enough (the message stays where it is). */
  categoryId: string | null;
  /** 0..1 */
  confidence: number;
  /** One short sentence for the owner, in plain text. */
  reason: string;
}

export interface KnowledgeSnippet {
  /** The entry's context (its key); shown as a draft's source. */
  id: string;
  title: string;
  content: string;
  /**
   * The owner marked the entry internal: an engine may use it to understand the message, never
   * quote or reveal it (docs/decisions.md, "Knowledge visibility").
   */
  internal: boolean;
}

export interface DraftContext {
  /** The category's response instructions (may be empty). */
  responseInstructions: string;
  /** The owner's prompt: the default text or the six advanced sections joined. */
  ownerPrompt: string;
  /** Knowledge entries retrieved for this message, best first. */
  knowledge: KnowledgeSnippet[];
  /** The owner's past replies to similar mail, best first (may be empty). */
  pastReplies: string[];
  /** The owner's name, for the signature. */
  senderName: string;
  /** When the reply is written (for a replayed past message: when it arrived), and the owner's time zone (null: unknown). */
  now: Date;
  timeZone: string | null;
  /** The sender's earlier messages to this mailbox, newest first, with what the assistant wrote back (may be empty). */
  history: SenderExchange[];
  /** The earlier messages of this message's conversation read from the mailbox, oldest first (may be empty). */
  thread: ThreadMessage[];
}

/** An earlier message of the conversation: its sender, date and own words (quoted history cut). */
export interface ThreadMessage {
  date: Date | null;
  from: string;
  text: string;
}

/** An earlier message of the same sender, and the reply or draft the assistant wrote to it. */
export interface SenderExchange {
  date: Date | null;
  subject: string;
  reply: string | null;
}

/**
 * What a draft is grounded in, read from the owner's data by the modules that own it (knowledge,
 * prompts, past replies) and handed to the pipeline and the assistant by the composition roots.
 * Every lookup is scoped to the given user or mailbox.
 */
export interface Grounding {
  /** The owner's knowledge entries that share a word with `text`, best first, at most `limit`; internal ones marked. */
  knowledge(userId: string, text: string, limit?: number): Promise<KnowledgeSnippet[]>;
  /** The owner's instructions: the prompt's sections when it is enabled, else ''. */
  ownerPrompt(userId: string): Promise<string>;
  /** The owner's past replies (read from Sent by the initialisation) closest to `text`, best first. */
  pastReplies(mailAccountId: string, text: string, limit?: number): Promise<string[]>;
  /** The owner's time zone from their profile (captured from the browser), or null. */
  ownerTimeZone(userId: string): Promise<string | null>;
}

export interface Draft {
  /** Plain text; recipients are never chosen by an engine. */
  text: string;
  language: 'en' | 'fr';
  /**
   * What an engine says it used: knowledge entries by id and past replies by their place in the
   * context. A claim only: the product checks the text itself (ai/draft-review.ts).
   */
  used?: { knowledge: string[]; pastReplies: number[] };
  /** Points the engine asks the owner to check before sending (untrusted text). */
  toCheck?: string[];
}

export interface ProposedCategory {
  name: string;
  instruction: string;
}

/**
 * A trained classifier, JSON-serialisable so the pipeline can keep it per mailbox in the database
 * (engines are stateless and shared by every mailbox of a process). Opaque to everyone but its engine.
 */
export type ClassifierModel = { engine: string; version: number; data: unknown };
/** The `engine` of the LLM engine's models: the owner's corrections it keeps, learnt with no call. */
export const LLM_MODEL_ENGINE = 'llm';

export interface AiEngine {
  /** 'local' or the LLM provider's name, shown in the UI. */
  readonly name: string;
  /** How many of the owner's knowledge entries that share a word with a message the engine reads to answer it. */
  readonly knowledgeLimit: number;
  /**
   * Learns from the mail already filed in each category, seeded by each category's name and
   * instruction. Null when the engine needs no training (the LLM engine).
   */
  train(categories: EngineCategory[], examples: TrainingExample[]): Promise<ClassifierModel | null>;
  /** `model` is the last result of `train` for these categories, or null (cold start: names and instructions only). */
  classify(message: EngineMessage, categories: EngineCategory[], model: ClassifierModel | null): Promise<Classification>;
  draftReply(message: EngineMessage, context: DraftContext): Promise<Draft>;
  proposeCategories(sample: EngineMessage[], count: number, language: 'en' | 'fr'): Promise<ProposedCategory[]>;
}

/** The model gave no usable answer (refused, malformed, off-schema): the step is retried later. */
export class AiEngineError extends Error {}

/**
 * What the built-in engine reads of a message: bodies are cut here (the start of a message says what it
 * is about, and training stays fast), and the first recipients only. The first run keeps no more.
 */
export const BODY_MAX = 6_000;
export const RECIPIENTS_MAX = 10;
