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
  const end = useRef<HTMLDivElement>(null);
  // A block body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [props.messages.length, props.streaming]);

  return (
    <div
      role="log"
      aria-label={t('agent.conversation')}
      aria-live="polite"
      // Focusable so that keyboard users can scroll a long conversation.
      tabIndex={0}
      className="max-h-[60vh] min-h-64 overflow-y-auto rounded-lg border bg-muted/30 p-4"
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
      <div ref={end} aria-hidden />
    </div>
  );
}
