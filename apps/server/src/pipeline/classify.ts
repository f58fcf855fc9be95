import { createHash } from 'node:crypto';
import type { AiEngine, ClassifierModel, EngineCategory, EngineMessage } from '../ai/engine';
import { cleanUntrustedText } from '../ai/safety';
import type { ParsedMessage } from '../mail/mime/message';
import type { CategoryRow, ClassificationRecord } from './pipeline.repository';
import { firstRuleCategory } from './rule-match';

/** Below this confidence an AI classification leaves the message where it is. */
export const MIN_AI_CONFIDENCE = 0.2;

export function toEngineMessage(message: ParsedMessage): EngineMessage {
  return {
    subject: cleanUntrustedText(message.subject, 1000),
    from: message.from,
    to: message.to,
    text: cleanUntrustedText(message.text),
    date: message.date,
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
  const ruleCategory = firstRuleCategory(
    { from: message.from, to: message.to, cc: message.cc, bcc: message.bcc, subject: message.subject, text: message.text },
    categories,
  );
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
  const category = result.confidence >= MIN_AI_CONFIDENCE ? (aiCategories.find((c) => c.id === result.categoryId) ?? null) : null;
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
