import type { Draft, DraftContext, EngineMessage } from '../engine';
import { detectLanguage } from './text';

export async function draftReply(message: EngineMessage, context: DraftContext): Promise<Draft> {
  const language = detectLanguage(`${message.subject}\n${message.text}`);
  return { text: `${language === 'fr' ? 'Bonjour' : 'Hello'},\n\n${context.senderName}`, language };
}
