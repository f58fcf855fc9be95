import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/alert-dialog';

/**
 * Turning instant replies on (for the mailbox or a category) asks first, saying what will be sent
 * without review: `ask(apply)` opens the confirmation and runs `apply` only once the owner agrees.
 */
export function useInstantReplyConfirm(scope: 'mailbox' | 'category'): { ask: (apply: () => void) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const [apply, setApply] = useState<(() => void) | null>(null);
  const dialog = (
    <ConfirmDialog
      open={apply !== null}
      onOpenChange={(open) => !open && setApply(null)}
      title={t('mailSettings.instantReplyConfirm.title')}
      description={
        <>
          {t(`mailSettings.instantReplyConfirm.${scope}`)} {t('mailSettings.instantReplyConfirm.safety')}
        </>
      }
      confirmLabel={t('mailSettings.instantReplyConfirm.confirm')}
      cancelLabel={t('mailSettings.instantReplyConfirm.cancel')}
      onConfirm={() => {
        apply?.();
        setApply(null);
      }}
    />
  );
  return { ask: (next) => setApply(() => next), dialog };
}
