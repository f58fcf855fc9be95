import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** The keyboard shortcuts, as people know them from Gmail. */
export const SHORTCUTS = [
  ['j / ↓', 'next'],
  ['k / ↑', 'previous'],
  ['o / Enter', 'open'],
  ['u / Esc', 'back'],
  ['x', 'select'],
  ['s', 'star'],
  ['e', 'archive'],
  ['#', 'delete'],
  ['!', 'spam'],
  ['r', 'reply'],
  ['a', 'replyAll'],
  ['f', 'forward'],
  ['c', 'compose'],
  ['/', 'search'],
  ['?', 'help'],
] as const;

export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t('inbox.shortcuts.title')}</DialogTitle>
        <DialogDescription>{t('inbox.shortcuts.description')}</DialogDescription>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          {SHORTCUTS.map(([keys, action]) => (
            <div key={action} className="contents">
              <dt>
                <kbd className="rounded border bg-muted px-1.5 font-mono text-xs">{keys}</kbd>
              </dt>
              <dd>{t(`inbox.shortcuts.${action}`)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
