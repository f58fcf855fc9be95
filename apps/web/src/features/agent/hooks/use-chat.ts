import type { ChatMessage, PromptType } from '@app/shared/assistant';
import { useCallback, useEffect, useRef, useState } from 'react';
import { askStream } from '../api/ask-stream';
import { forgetChat, loadChat, saveChat } from '../utils/chat-storage';
import { historyFor } from '../utils/history';
import { chatErrorMessage } from '../utils/messages';

export const DEFAULT_PROMPT_TYPE: PromptType = 'ai';

/**
 * The chat state of spec 02 §3–§4: messages (after the greeting, which the screen adds), loading,
 * error, userInput and promptType, plus the answer streaming in and the engine that answered.
 * Sending adds the user message and sets loading; the reply adds the assistant message and clears
 * loading; an error sets the error and clears input and loading. Each type keeps its own
 * conversation in local storage (see chat-storage) and gets it back when chosen again.
 */
export function useChat(uid: string) {
  const [promptType, setPromptType] = useState<PromptType>(DEFAULT_PROMPT_TYPE);
  const [messages, setMessages] = useState<ChatMessage[]>(() => loadChat(uid, DEFAULT_PROMPT_TYPE));
  const [userInput, setUserInput] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [engine, setEngine] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const send = useCallback(async () => {
    const question = userInput;
    if (!question.trim() || loading) return;
    const asked: ChatMessage[] = [...messages, { role: 'user', content: question }];
    setMessages(asked);
    setUserInput('');
    setError(null);
    setLoading(true);
    setStreaming('');
    abort.current = new AbortController();
    try {
      const history = historyFor(promptType, messages);
      const reply = await askStream(
        { question, promptType, history },
        (text) => setStreaming((shown) => (shown ?? '') + text),
        abort.current.signal,
      );
      const answered: ChatMessage[] = [...asked, { role: 'assistant', content: reply.answer }];
      setMessages(answered);
      setEngine(reply.engine);
      saveChat(uid, promptType, answered);
    } catch (failure) {
      if (abort.current.signal.aborted) return;
      setError(chatErrorMessage(failure));
      setUserInput('');
      saveChat(uid, promptType, asked);
    } finally {
      setLoading(false);
      setStreaming(null);
    }
  }, [userInput, loading, messages, promptType, uid]);

  /** Back to the greeting alone, keeping the assistant type. */
  const clear = useCallback(() => {
    setMessages([]);
    setError(null);
    setUserInput('');
    forgetChat(uid, promptType);
  }, [uid, promptType]);

  const switchType = useCallback(
    (type: PromptType) => {
      if (loading || type === promptType) return;
      setPromptType(type);
      setMessages(loadChat(uid, type));
      setError(null);
    },
    [loading, promptType, uid],
  );

  return { promptType, messages, userInput, setUserInput, loading, error, streaming, engine, send, clear, switchType };
}
