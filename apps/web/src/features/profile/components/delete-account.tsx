import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { errorMessageOf, type ErrorTable } from '@/lib/error-mapper';
import { useDeleteAccount } from '../api/delete-account';

/** An owner with members cannot leave them behind; anything else says what the API mapper says. */
const deleteErrors: ErrorTable = { codes: { HAS_TEAM_MEMBERS: 'profile.hasTeamMembers' } };

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
        error={deletion.error ? errorMessageOf(deletion.error, deleteErrors) : null}
        onConfirm={() => deletion.mutate(uid, { onSuccess: () => window.location.assign('/signin') })}
      />
    </>
  );
}
