import type { SessionUser } from '@app/shared/auth';
import { ChevronDown, CircleUser } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The user menu's button: the signed-in e-mail, or Guest (spec 01 §2). */
export function UserMenuButton({ user, ...props }: { user: SessionUser | null } & ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" className="max-w-40 min-w-0 px-2 sm:max-w-64" aria-label={t('layout.userMenu.label')} {...props}>
      <CircleUser aria-hidden />
      <span className="truncate">{user?.email ?? t('layout.userMenu.guest')}</span>
      <ChevronDown aria-hidden />
    </Button>
  );
}
