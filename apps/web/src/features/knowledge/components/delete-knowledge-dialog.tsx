import type { KnowledgeItem } from '@app/shared/knowledge';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { useDeleteKnowledge } from '../api/delete-knowledge';

type DeleteKnowledgeDialogProps = { item: KnowledgeItem | null; onClose: () => void };

/** The Delete Data confirmation; closes once the server has deleted the entry. */
export function DeleteKnowledgeDialog({ item, onClose }: DeleteKnowledgeDialogProps) {
  const { t } = useTranslation();
  const deletion = useDeleteKnowledge();
  const close = () => {
    deletion.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && close()}
      title={t('knowledge.deleteTitle')}
      description={t('knowledge.deleteDescription')}
      confirmLabel={t('knowledge.delete')}
      cancelLabel={t('knowledge.cancel')}
      pending={deletion.isPending}
      error={deletion.isError ? t('knowledge.errorMessage', { message: t('knowledge.errorFetching') }) : null}
      onConfirm={() =>
        item &&
        deletion.mutate(item.context, {
          onSuccess: () => {
            toast.success(t('knowledge.deleted'));
            close();
          },
        })
      }
    />
  );
}
