import { chatMessageSchema, type ChatMessage, type PromptType } from '@app/shared/assistant';
import { z } from 'zod';
import { PERSONAL_STORAGE_PREFIX } from '@/lib/session';

/**
 * Spec 02 §4: the conversation of each assistant type is kept in local storage once there are more
 * than 2 messages (the greeting counts), and restored when that type is chosen again. Keyed by user;
 * logout clears every personal key.
 */
export const STORE_AFTER_MESSAGES = 2;

const storedSchema = z.array(chatMessageSchema);

export const chatStorageKey = (uid: string, type: PromptType) => `${PERSONAL_STORAGE_PREFIX}agent.${uid}.${type}`;

/** The stored conversation of a type (without the greeting), or none when absent or unreadable. */
export function loadChat(uid: string, type: PromptType): ChatMessage[] {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(localStorage.getItem(chatStorageKey(uid, type)) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Keeps the conversation when, with the greeting, it holds more than 2 messages. */
export function saveChat(uid: string, type: PromptType, messages: ChatMessage[]) {
  if (messages.length + 1 <= STORE_AFTER_MESSAGES) return;
  try {
    localStorage.setItem(chatStorageKey(uid, type), JSON.stringify(messages));
  } catch {
    // A full or disabled storage only costs the history, not the chat.
  }
}

export function forgetChat(uid: string, type: PromptType) {
  localStorage.removeItem(chatStorageKey(uid, type));
}
