import { createHash } from 'node:crypto';
import type { AiEngine, Classification, ClassifierModel, EngineCategory, EngineMessage, MessageSignals } from '../ai/engine';
import { cleanUntrustedText } from '../ai/safety';
import type { ParsedMessage } from '../mail/mime/message';
import type { CategoryRow, ClassificationRecord } from './pipeline.repository';
import { firstRuleCategory, ruleMessageOf } from './rule-match';

/** The trained model's storage, also for the initialisation's training (modules/mail-settings). */
export { saveClassifier } from './classifier.repository';

/**
 * The category an engine's answer files a message into: the engine decides when nothing fits (the
 * local engine by its open-set decision, an AI provider by answering null); an id it was not asked
 * about files nothing.
 */
export function aiCategoryId(result: Classification, categories: readonly { id: string }[]): string | null {
  return categories.some((c) => c.id === result.categoryId) ? result.categoryId : null;
}

export function toEngineMessage(message: ParsedMessage): EngineMessage {
  return {
    subject: cleanUntrustedText(message.subject, 1000),
    from: message.from,
    to: message.to,
    text: cleanUntrustedText(message.text),
    date: message.date,
    signals: messageSignals(message),
  };
}

function messageSignals(message: ParsedMessage): MessageSignals {
  const header = (name: string) => message.headers[name] ?? [];
  const precedence = header('precedence').join(' ').toLowerCase();
  const attachments = message.attachments.filter((a) => !a.inline);
  return {
    bulk: header('list-id').length > 0 || header('list-unsubscribe').length > 0 || /\b(?:bulk|list|junk)\b/.test(precedence),
    calendar: message.attachments.some(
      (a) => a.contentType.toLowerCase() === 'text/calendar' || /\.ics$/i.test(a.filename ?? ''),
    ),
    attachmentNames: attachments
      .map((a) => cleanUntrustedText(a.filename ?? '', 200))
      .filter(Boolean)
      .slice(0, 20),
  };
}

export const toEngineCategory = (c: CategoryRow): EngineCategory => ({ id: c.id, name: c.name, instruction: c.instruction });

/** Which AI categories a model was trained for: another set (or wording) means training again. */
export function categoriesKey(categories: readonly CategoryRow[]) {
  const hash = createHash('sha256');
  for (const c of categories) hash.update(`${c.id}\u0000${c.name}\u0000${c.instruction}\u0001`);
  return hash.digest('hex').slice(0, 32);
}

export type Decision =
  | { kind: 'rules'; category: CategoryRow; record: ClassificationRecord }
  | { kind: 'ai'; category: CategoryRow | null; record: ClassificationRecord }
  | { kind: 'none'; record: ClassificationRecord };

const none = (skipReason: string | null = null): Decision => ({
  kind: 'none',
  record: { categoryId: null, classifiedBy: null, confidence: null, reason: null, skipReason },
});

/** Rule categories first (free, deterministic), then the AI categories through the engine. */
export async function classifyMessage(input: {
  message: ParsedMessage;
  categories: CategoryRow[];
  engine: AiEngine;
  model: ClassifierModel | null;
  /** False when the owner has no credits left for an AI step. */
  canPayAi: boolean;
}): Promise<Decision> {
  const { message, categories } = input;
  const ruleCategory = firstRuleCategory(ruleMessageOf(message), categories);
  if (ruleCategory) {
    return {
      kind: 'rules',
      category: ruleCategory,
      record: {
        categoryId: ruleCategory.id,
        classifiedBy: 'rules',
        confidence: 1,
        reason: 'Matched the category rules',
        skipReason: null,
      },
    };
  }
  const aiCategories = categories.filter((c) => c.classifierType === 'ai');
  if (aiCategories.length === 0) return none();
  if (!input.canPayAi) return none('NO_CREDITS');
  const result = await input.engine.classify(toEngineMessage(message), aiCategories.map(toEngineCategory), input.model);
  const chosen = aiCategoryId(result, aiCategories);
  const category = aiCategories.find((c) => c.id === chosen) ?? null;
  return {
    kind: 'ai',
    category,
    record: {
      categoryId: category?.id ?? null,
      classifiedBy: input.engine.name,
      confidence: result.confidence,
      reason: cleanUntrustedText(result.reason, 500),
      skipReason: null,
    },
  };
}
