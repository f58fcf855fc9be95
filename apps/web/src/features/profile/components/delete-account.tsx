import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { mapApiError } from '@/lib/error-mapper';
import { useDeleteAccount } from '../api/delete-account';

function deleteErrorText(error: unknown, t: (key: string) => string) {
  if (error instanceof ApiRequestError && error.code === 'HAS_TEAM_MEMBERS') return t('profile.hasTeamMembers');
  return mapApiError(error).message;
}

/** 'Delete your account' with its confirmation; afterwards the user is signed out on /signin. */
export function DeleteAccount({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const deletion = useDeleteAccount();

  return (
    <>
      <Button variant="outline" className="justify-self-start text-destructive" onClick={() => setOpen(true)}>
        {t('profile.deleteAccount')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          deletion.reset();
          setOpen(next);
        }}
        title={t('profile.deleteTitle')}
        description={t('profile.deleteDescription')}
        confirmLabel={t('profile.deleteConfirm')}
        cancelLabel={t('profile.cancel')}
        pending={deletion.isPending}
        error={deletion.error ? deleteErrorText(deletion.error, t) : null}
        onConfirm={() => deletion.mutate(uid, { onSuccess: () => window.location.assign('/signin') })}
      />
    </>
  );
}
