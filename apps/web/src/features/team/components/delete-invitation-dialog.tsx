import type { Invitation } from '@app/shared/invitations';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { useDeleteInvitation } from '../api/delete-invitation';

type DeleteInvitationDialogProps = { invitation: Invitation | null; onClose: () => void };

/** Asks before deleting; an accepted member's account and data go too, and the text says so. */
export function DeleteInvitationDialog({ invitation, onClose }: DeleteInvitationDialogProps) {
  const { t } = useTranslation();
  const deletion = useDeleteInvitation();
  const close = () => {
    deletion.reset();
    onClose();
  };
  const email = invitation?.email ?? '';

  return (
    <ConfirmDialog
      open={invitation !== null}
      onOpenChange={(open) => !open && close()}
      title={t('team.delete.title')}
      description={
        invitation?.status === 'ACCEPTED'
          ? t('team.delete.acceptedDescription', { email })
          : t('team.delete.description', { email })
      }
      confirmLabel={t('team.delete.confirm')}
      cancelLabel={t('team.cancel')}
      pending={deletion.isPending}
      error={deletion.isError ? t('team.delete.failed') : null}
      onConfirm={() =>
        invitation &&
        deletion.mutate(invitation._id, {
          onSuccess: () => {
            toast.success(t('team.delete.done', { email }));
            close();
          },
        })
      }
    />
  );
}
