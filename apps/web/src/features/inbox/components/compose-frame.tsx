import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { ComposeMode } from '../utils/compose-draft';

/**
 * The compose panel's frame, sliding over the list: its title, the close button and Escape. It is
 * in the list's own code, so that it shows at once the first time the panel opens, while the
 * panel's code (with the compose rules) is downloaded: without children it shows that loading.
 */
export function ComposeFrame({ mode, onClose, children }: { mode: ComposeMode; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`inbox.compose.titles.${mode}`);
  const loading = children === undefined;
  return (
    <aside
      role="dialog"
      aria-label={title}
      aria-busy={loading || undefined}
      className="fixed inset-y-0 right-0 z-40 flex w-full max-w-2xl flex-col border-l bg-background shadow-xl"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="flex items-center justify-between border-b px-4 py-2">
        <h2 className="font-semibold">{title}</h2>
        <Button variant="ghost" size="icon" aria-label={t('common.close')} onClick={onClose} autoFocus={loading}>
          <X aria-hidden />
        </Button>
      </header>
      {loading ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner className="size-6 text-muted-foreground" label={t('common.loading')} />
        </div>
      ) : (
        children
      )}
    </aside>
  );
}
