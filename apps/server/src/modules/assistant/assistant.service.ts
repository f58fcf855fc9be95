import type { askInputSchema, AskAnswer } from '@app/shared/assistant';
import type { z } from 'zod';
import type { AssistantContext, AssistantEngine, AssistantLanguage, AssistantQuestion } from '../../ai/assistant';
import type { Grounding } from '../../ai/engine';
import { retrievalText } from '../../ai/assistant-query';
import { AiEngineError } from '../../ai/engine';
import { languageOr } from '../../ai/text';
import { toPlainOutput } from '../../ai/safety';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import * as repo from './assistant.repository';
import { assistantTools, type MailSearch } from './assistant-tools';
import { searchHelp } from './help-corpus';
import { type Actor } from '../../access/actor';

/**
 * The chat assistant (spec 02 §2 /agent, §7 POST /ask). The answer is for the signed-in user only:
 * a `userId` in the body is ignored, and every read below is scoped to the caller. Asking does not
 * consume credits (see docs/decisions.md, "Chat assistant").
 */
export interface AssistantDeps {
  db: Db;
  /** The caller's assistant: their own provider's, else the operator's (issue 39, item 5). */
  engineOf(userId: string): Promise<AssistantEngine>;
  /** The owner's knowledge and prompt, read by the modules that own them. */
  grounding: Grounding;
  /** The webmail's search, for the assistant's mail lookup (absent: not offered). */
  searchMail?: MailSearch;
  /** Questions per user per minute, both ask endpoints together. */
  asksPerMinute: number;
}

export type AskInput = z.output<typeof askInputSchema>;

const RATE_WINDOW_MS = 60_000;

/** 429 past the user's questions per minute, with the seconds to wait. */
export async function checkRateLimit(deps: AssistantDeps, caller: Actor, now = Date.now()) {
  const { count, windowStartedAt } = await repo.countRequest(deps.db, `assistant-ask:${caller.id}`, RATE_WINDOW_MS, now);
  if (count <= deps.asksPerMinute) return;
  const retryAfter = Math.max(1, Math.ceil((windowStartedAt + RATE_WINDOW_MS - now) / 1000));
  throw new AppError(
    429,
    'ASSISTANT_RATE_LIMIT',
    `You can ask at most ${deps.asksPerMinute} questions per minute. Please wait ${retryAfter} seconds and try again.`,
    { retryAfter, limit: deps.asksPerMinute },
  );
}

/** The question as the engine gets it: history only for type ai (spec 02 §7). */
export function toQuestion(input: AskInput): AssistantQuestion {
  return {
    question: input.question,
    promptType: input.promptType,
    history: input.promptType === 'ai' ? input.history : [],
  };
}

/** What the engine may know: the caller's own knowledge, categories, settings and prompt, the help, and lookups over their mail. */
export async function buildContext(
  { db, grounding, searchMail }: Pick<AssistantDeps, 'db' | 'grounding' | 'searchMail'>,
  caller: Actor,
  question: AssistantQuestion,
  uiLanguage: AssistantLanguage,
) {
  const language = languageOr(question.question, uiLanguage);
  const text = retrievalText(question);
  const [knowledge, categories, settings, prompt, tools] = await Promise.all([
    grounding.knowledge(caller.id, text),
    repo.listCategories(db, caller.id),
    repo.findMailSettings(db, caller.id),
    grounding.ownerPrompt(caller.id),
    assistantTools(db, grounding, caller, searchMail),
  ]);
  const { connection, ...mailSettings } = settings ?? { connection: null };
  const context: AssistantContext = {
    language,
    knowledge,
    help: searchHelp(text, language),
    categories,
    mailSettings: settings ? (mailSettings as AssistantContext['mailSettings']) : null,
    ownerPrompt: prompt,
    senderName: connection?.kind === 'smtp' ? connection.name : '',
    tools,
  };
  return context;
}

export function engineUnavailable(error: unknown): never {
  if (error instanceof AiEngineError) {
    throw new AppError(503, 'AI_UNAVAILABLE', 'The AI service could not answer. Please try again in a moment.');
  }
  throw error;
}

/** POST /api/ai/ask: the whole answer at once. */
export async function ask(
  deps: AssistantDeps,
  caller: Actor,
  input: AskInput,
  uiLanguage: AssistantLanguage,
): Promise<AskAnswer> {
  await checkRateLimit(deps, caller);
  const question = toQuestion(input);
  const context = await buildContext(deps, caller, question, uiLanguage);
  const engine = await deps.engineOf(caller.id);
  const answer = finalAnswer(await engine.answer(question, context).catch(engineUnavailable));
  return { success: true, answer, message: '', status: 200, engine: engine.name };
}

/** What is shown and kept: plain text (DESIGN §6); an empty answer is the engine failing. */
export function finalAnswer(text: string): string {
  const plain = toPlainOutput(text);
  if (!plain) engineUnavailable(new AiEngineError('The AI model gave an empty answer'));
  return plain;
}
