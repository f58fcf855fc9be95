import type { MailSetting } from '@app/shared/mail-settings';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Progress = NonNullable<MailSetting['batchProgress']>;

/** Seconds left to read the rest at the pace so far; null until the pace says something (20 messages, 3 s). */
export function secondsLeft(progress: Progress, now: number): number | null {
  const { messagesDone: done, messagesTotal: total, startedAt } = progress;
  if (done === undefined || total === undefined || !startedAt) return null;
  const elapsed = (now - Date.parse(startedAt)) / 1000;
  if (done < 20 || elapsed < 3 || !Number.isFinite(elapsed)) return null;
  return Math.max(0, Math.round((elapsed * (total - done)) / done));
}

/** The running initialisation in words: listing, reading N of M messages with the time left, then learning. */
export function FirstRunProgress({ progress }: { progress: Progress }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const text = (() => {
    if (progress.phase === 'listing') return t('mailSettings.sync.listing');
    if (progress.phase === 'learning') return t('mailSettings.sync.learning', { count: progress.messagesTotal ?? 0 });
    if (progress.phase === 'reading' && progress.messagesTotal !== undefined) {
      const read = t('mailSettings.sync.reading', { done: progress.messagesDone ?? 0, total: progress.messagesTotal });
      const left = secondsLeft(progress, now);
      if (left === null) return read;
      const time =
        left < 60
          ? t('mailSettings.sync.seconds', { count: left })
          : t('mailSettings.sync.minutes', { count: Math.ceil(left / 60) });
      return `${read} ${t('mailSettings.sync.timeLeft', { time })}`;
    }
    return t('mailSettings.sync.progress', { done: progress.done, total: progress.total });
  })();
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {text}
    </p>
  );
}
