import type { SessionUser } from '@app/shared/auth';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { loadAuthClient } from '@/lib/auth-client';
import { languages } from '@/lib/i18n';
import { clearPersonalStorage } from '@/lib/session';
import { setTheme, useTheme, type Theme } from '@/lib/theme';
import { UserMenuButton } from './user-menu-button';

const themes: Theme[] = ['light', 'dark', 'system'];

/** Clears the URL query, signs out and reloads (spec 01 §2). */
async function logout() {
  window.history.replaceState(window.history.state, '', window.location.pathname);
  const authClient = await loadAuthClient();
  await authClient.signOut();
  clearPersonalStorage();
  window.location.reload();
}

export type UserMenuDropdownProps = {
  user: SessionUser | null;
  /** Pressed before this code had come: open at once. */
  defaultOpen: boolean;
  /** The placeholder button had the focus: its replacement takes it. */
  focusTrigger: boolean;
};

export function UserMenuDropdown({ user, defaultOpen, focusTrigger }: UserMenuDropdownProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const theme = useTheme();
  const language = languages.find((l) => l.code === i18n.resolvedLanguage)?.locale ?? '';

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} autoFocus={focusTrigger} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => navigate('/profile')}>{t('layout.userMenu.profile')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/feedback')}>{t('layout.userMenu.feedback')}</DropdownMenuItem>
        {user?.billable !== false && (
          <DropdownMenuItem onSelect={() => navigate('/subscriptions')}>{t('layout.userMenu.changePlan')}</DropdownMenuItem>
        )}
        {user?.billable !== false && user?.plan !== 'free' && (
          <DropdownMenuItem onSelect={() => navigate('/invoices')}>{t('layout.userMenu.invoices')}</DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('layout.userMenu.theme')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          {themes.map((value) => (
            <DropdownMenuRadioItem key={value} value={value}>
              {t(`layout.userMenu.${value}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('layout.userMenu.language')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={language} onValueChange={(locale) => void i18n.changeLanguage(locale)}>
          {languages.map((l) => (
            <DropdownMenuRadioItem key={l.code} value={l.locale}>
              {l.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>{t('layout.userMenu.logout')}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
