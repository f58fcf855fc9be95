import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccuracyReplay, useRequestAccuracyReplay } from '../api/accuracy-replay';
import { mailErrorMessage } from '../utils/connect-error';

/**
 * With an AI provider the replay of past mail costs credits: it says what it may cost and runs only
 * once the owner agrees (issue 36). The report then appears above, as with the built-in engine.
 */
export function AccuracyAiReplay() {
  const { t, i18n } = useTranslation();
  const offer = useAccuracyReplay(true);
  const request = useRequestAccuracyReplay();
  const [confirming, setConfirming] = useState(false);

  if (offer.isPending) return <Skeleton className="h-10 w-full" aria-label={t('mailSettings.accuracy.replay.loading')} />;
  if (offer.isError) return <p className="text-sm text-destructive">{t('mailSettings.accuracy.replay.loadError')}</p>;
  const number = new Intl.NumberFormat(i18n.language);
  const figures = {
    messages: number.format(offer.data.messages),
    perMessage: number.format(offer.data.creditsPerMessage),
    max: number.format(offer.data.maxCredits),
  };
  return (
    <div className="grid gap-2" data-testid="accuracy-replay">
      <p className="text-sm">{t('mailSettings.accuracy.replay.cost', figures)}</p>
      {offer.data.balance !== null && (
        <p className="text-xs text-muted-foreground">
          {t('mailSettings.accuracy.replay.balance', { balance: number.format(offer.data.balance) })}
        </p>
      )}
      {offer.data.requested ? (
        <p className="text-sm font-medium" role="status">
          {t('mailSettings.accuracy.replay.requested')}
        </p>
      ) : offer.data.balance !== null && offer.data.balance < offer.data.creditsPerMessage ? (
        <p className="text-sm">{t('mailSettings.accuracy.replay.noCredits')}</p>
      ) : (
        <div>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            {t('mailSettings.accuracy.replay.start')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) request.reset();
        }}
        title={t('mailSettings.accuracy.replay.confirmTitle', figures)}
        description={t('mailSettings.accuracy.replay.confirmBody', figures)}
        confirmLabel={t('mailSettings.accuracy.replay.confirm')}
        cancelLabel={t('mailSettings.accuracy.replay.cancel')}
        pending={request.isPending}
        error={request.isError ? mailErrorMessage(request.error) : null}
        onConfirm={() => request.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </div>
  );
}
