import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

type AccuracyMessageProps = {
  message: { from: { name: string; address: string } | null; date: string | null; subject: string };
  /** The message in the webmail. */
  to: string;
  formatTime: (iso: string) => string;
  /** What the owner and the assistant did with it. */
  children: ReactNode;
};

/** A message of the accuracy report: sender, date, the subject opening it in the webmail, then `children`. */
export function AccuracyMessage({ message, to, formatTime, children }: AccuracyMessageProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li aria-labelledby={id} className="grid gap-1 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="min-w-0 truncate" title={message.from?.address || undefined}>
          {message.from?.name || message.from?.address || t('mailSettings.accuracy.unknownSender')}
        </span>
        {message.date && <time dateTime={message.date}>{formatTime(message.date)}</time>}
      </div>
      <Link id={id} to={to} className="w-fit font-medium break-words text-accent underline-offset-4 hover:underline">
        {message.subject || t('mailSettings.accuracy.noSubject')}
      </Link>
      {children}
    </li>
  );
}

type ShowAllToggleProps = {
  all: boolean;
  count: number;
  /** The id of the list it lengthens. */
  controls: string;
  onToggle: () => void;
};

/** "Show all (N)" / "Show fewer" under a list of the report's messages. */
export function ShowAllToggle({ all, count, controls, onToggle }: ShowAllToggleProps) {
  const { t } = useTranslation();
  return (
    <Button variant="outline" size="sm" className="w-fit" aria-expanded={all} aria-controls={controls} onClick={onToggle}>
      {all ? t('mailSettings.accuracy.showFewer') : t('mailSettings.accuracy.showAll', { count })}
    </Button>
  );
}
