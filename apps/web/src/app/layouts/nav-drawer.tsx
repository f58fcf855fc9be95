import type { SessionUser } from '@app/shared/auth';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Brand } from './brand';
import { SideMenu } from './side-menu';

type NavDrawerProps = { user: SessionUser; open: boolean; onOpenChange: (open: boolean) => void };

/** The side menu as a drawer, under 768 px. */
export function NavDrawer({ user, open, onOpenChange }: NavDrawerProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby={undefined}
        className="top-0 left-0 h-dvh max-w-72 translate-x-0 translate-y-0 content-start gap-0 rounded-none border-y-0 border-l-0 p-0"
      >
        <DialogTitle className="sr-only">{t('layout.nav.main')}</DialogTitle>
        <Brand />
        <SideMenu user={user} onNavigate={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
