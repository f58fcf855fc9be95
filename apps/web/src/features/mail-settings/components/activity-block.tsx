import { HELD_BACK_REASONS, type MailActivity } from '@app/shared/mail-settings';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { SettingsCard } from './settings-card';

/** A held-back reason code as the activity texts word it (the others read "other"). */
export const heldReason = (code: string) =>
  HELD_BACK_REASONS.some((r) => r === code) && code !== 'likely_spam' ? code : 'other';

type ActivityBlockProps = { activity: MailActivity | undefined; loading: boolean; failed: boolean };

/**
 * What the assistant did with the mail of the last 24 hours, and the automatic sends that may or may
 * not have left (never sent again on their own): the owner checks the Sent folder and decides.
 */
export function ActivityBlock({ activity, loading, failed }: ActivityBlockProps) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <SettingsCard id="activity-block" title={t('mailSettings.activity.title')}>
      {failed ? (
        <Alert variant="error">{t('mailSettings.activity.loadError')}</Alert>
      ) : loading || !activity ? (
        <Skeleton className="h-5 w-2/3" aria-label={t('mailSettings.activity.loading')} />
      ) : (
        <>
          <p className="text-sm">
            {t('mailSettings.activity.summary', {
              processed: activity.processed,
              pending: activity.pending,
              failed: activity.failed,
            })}
          </p>
          <p className="text-xs text-muted-foreground">
            {t('mailSettings.activity.engine', {
              engine:
                activity.engine === 'local'
                  ? t('mailSettings.activity.engines.local')
                  : t('mailSettings.activity.engines.llm', { provider: activity.engine }),
            })}
          </p>
          {activity.engine === 'local' && (
            <p className="text-xs text-muted-foreground">{t('mailSettings.activity.engines.localDetail')}</p>
          )}
          {activity.inDoubt.length > 0 && (
            <Alert variant="error" className="mt-3">
              <p className="font-medium">{t('mailSettings.activity.inDoubtTitle', { count: activity.inDoubt.length })}</p>
              <ul className="mt-1 list-disc pl-5 text-sm">
                {activity.inDoubt.map((send) => (
                  <li key={send.id}>
                    {t('mailSettings.activity.inDoubtItem', {
                      subject: send.subject || t('mailSettings.activity.noSubject'),
                      to: send.to.join(', '),
                      at: send.startedAt ? time.format(new Date(send.startedAt)) : '',
                    })}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          {activity.corrections.length > 0 && (
            <div className="mt-3">
              <p className="text-sm font-medium">{t('mailSettings.activity.correctionsTitle')}</p>
              <ul className="mt-1 list-disc pl-5 text-sm">
                {activity.corrections.map((c) => (
                  <li key={`${c.at}${c.subject}`}>
                    {t(c.to === null ? 'mailSettings.activity.correctionNone' : 'mailSettings.activity.correctionMoved', {
                      subject: c.subject || t('mailSettings.activity.noSubject'),
                      from: c.from ?? '—',
                      to: c.to ?? '',
                      at: time.format(new Date(c.at)),
                    })}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {activity.heldBack.length > 0 && (
            <div className="mt-3">
              <p className="text-sm font-medium">{t('mailSettings.activity.heldTitle')}</p>
              <ul className="mt-1 list-disc pl-5 text-sm">
                {activity.heldBack.map((h) => (
                  <li key={`${h.at}${h.subject}${h.action}`}>
                    {h.action === null
                      ? t('mailSettings.activity.heldSpam', {
                          subject: h.subject || t('mailSettings.activity.noSubject'),
                          at: time.format(new Date(h.at)),
                        })
                      : t('mailSettings.activity.heldItem', {
                          subject: h.subject || t('mailSettings.activity.noSubject'),
                          at: time.format(new Date(h.at)),
                          action: t(`mailSettings.activity.heldActions.${h.action}`),
                          reason: t(`mailSettings.activity.heldReasons.${heldReason(h.reason)}`),
                        })}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </SettingsCard>
  );
}
