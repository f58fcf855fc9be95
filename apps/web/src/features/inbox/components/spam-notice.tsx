import type { MessageDetail } from '@app/shared/mailbox';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { mapApiError } from '@/lib/error-mapper';
import { toast } from '@/lib/toast';
import { useMarkNotSpam } from '../api/mark-not-spam';

/**
 * Above the body of a message the assistant took for spam (it left it unfiled, without a draft or an
 * answer): "Not spam" clears the mark and makes the sender trusted. A message the server moves back
 * out of Junk leaves the open folder, so `onMoved` returns to the list, as after a move.
 */
export function SpamNotice({ message, onMoved }: { message: Pick<MessageDetail, 'uid' | 'folder'>; onMoved: () => void }) {
  const { t } = useTranslation();
  const notSpam = useMarkNotSpam();

  // Awaited rather than given callbacks: the mark clears as soon as the server answers, which removes
  // this notice before a `mutate` callback would run.
  const undo = async () => {
    try {
      const { movedTo } = await notSpam.mutateAsync({ folder: message.folder, uids: [message.uid] });
      toast.success(t('inbox.notSpam.done'));
      if (movedTo) onMoved();
    } catch (error) {
      toast.error(t('inbox.notSpam.failed'), { description: mapApiError(error).message });
    }
  };

  return (
    <div
      role="note"
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-200"
    >
      <ShieldAlert className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1">{t('inbox.notSpam.notice')}</span>
      <Button variant="outline" size="sm" pending={notSpam.isPending} onClick={() => void undo()}>
        {t('inbox.notSpam.button')}
      </Button>
    </div>
  );
}
