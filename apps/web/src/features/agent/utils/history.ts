import { ASSISTANT_HISTORY_MAX, ASSISTANT_HISTORY_MESSAGE_MAX, type ChatMessage, type PromptType } from '@app/shared/assistant';

/** Spec 02 §7: the earlier messages go with a question of type ai only (the latest ones, each cut to the limit). */
export function historyFor(type: PromptType, messages: ChatMessage[]): ChatMessage[] {
  if (type !== 'ai') return [];
  return messages
    .slice(-ASSISTANT_HISTORY_MAX)
    .map((m) => ({ role: m.role, content: m.content.slice(0, ASSISTANT_HISTORY_MESSAGE_MAX) }));
}
