import type { ChatMessage } from '@app/shared/assistant';
import { Bot, User } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

function Bubble({ role, children, busy }: { role: ChatMessage['role']; children: React.ReactNode; busy?: boolean }) {
  const { t } = useTranslation();
  const mine = role === 'user';
  const Icon = mine ? User : Bot;
  return (
    <li className={cn('flex gap-2', mine && 'flex-row-reverse')} aria-busy={busy || undefined}>
      <Icon className="mt-1 size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm leading-6 break-words whitespace-pre-wrap',
          mine ? 'bg-accent text-accent-foreground' : 'border bg-card',
        )}
      >
        <span className="sr-only">{t(mine ? 'agent.you' : 'agent.assistant')}: </span>
        {children}
      </div>
    </li>
  );
}

/** The conversation: the greeting, the messages, and the answer while it streams in. */
export function ChatMessages(props: { messages: ChatMessage[]; streaming: string | null; loading: boolean }) {
  const { t } = useTranslation();
  const log = useRef<HTMLDivElement>(null);
  // The conversation scrolls to its end, not the page: scrolling the last message into view moved
  // the whole page and pushed the composer below the screen.
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [props.messages.length, props.streaming]);

  return (
    <div
      ref={log}
      role="log"
      aria-label={t('agent.conversation')}
      aria-live="polite"
      // Focusable so that keyboard users can scroll a long conversation.
      tabIndex={0}
      // Short enough for the composer below it to stay on a laptop's screen.
      className="max-h-[calc(100dvh-26rem)] min-h-64 overflow-y-auto rounded-lg border bg-muted/30 p-4"
    >
      <ol className="grid content-start gap-3">
        <Bubble role="assistant">{t('agent.greeting')}</Bubble>
        {props.messages.map((message, index) => (
          <Bubble key={index} role={message.role}>
            {message.content}
          </Bubble>
        ))}
        {props.loading && (
          <Bubble role="assistant" busy>
            {props.streaming ? (
              props.streaming
            ) : (
              <span className="inline-flex items-center gap-2 text-muted-foreground">
                <Spinner />
                {t('agent.thinking')}
              </span>
            )}
          </Bubble>
        )}
      </ol>
    </div>
  );
}
