import type { AuthConfig, SessionUser } from '@app/shared/auth';
import { Bot, Database, FileText, GraduationCap, Inbox, Mail, Puzzle, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAuthConfig } from '@/lib/auth-config';
import { cn } from '@/lib/utils';

type Item = { to: string; label: string; icon: LucideIcon; external?: boolean };

/** An add-in's store download when configured, else its coming-soon page. */
const addinItem = (url: string | null, page: string, label: string): Item =>
  url ? { to: url, label, icon: Puzzle, external: true } : { to: page, label, icon: Puzzle };

function menuSections(user: SessionUser, addins: AuthConfig['addins']): { title: string | null; items: Item[] }[] {
  const isOwner = user.referrerId === null;
  // The knowledge database is a setting of the assistant (spec 01 §2): a member without AI setup has neither.
  const settings: Item[] = [
    { to: '/home', label: 'layout.nav.knowledge', icon: Database },
    { to: '/prompt', label: 'layout.nav.instructions', icon: FileText },
    { to: '/email-settings', label: 'layout.nav.mailbox', icon: Mail },
    { to: '/inbox', label: 'layout.nav.webmail', icon: Inbox },
    ...(isOwner ? [{ to: '/users', label: 'layout.nav.users', icon: Users }] : []),
  ];
  return [
    ...(isOwner || user.metadata.hasAiConfig ? [{ title: 'layout.nav.settings', items: settings }] : []),
    {
      title: null,
      items: [
        { to: '/agent', label: 'layout.nav.agent', icon: Bot },
        { to: '/tutorials', label: 'layout.nav.tutorials', icon: GraduationCap },
      ],
    },
    {
      title: 'layout.nav.addins',
      items: [
        addinItem(addins.outlook, '/plugins?addin=outlook', 'layout.nav.outlook'),
        addinItem(addins.gmail, '/plugins', 'layout.nav.gmail'),
      ],
    },
  ];
}

type SideMenuProps = { user: SessionUser; collapsed?: boolean; onNavigate?: () => void };

/** Spec 01 §2 "Menus": the side menu; collapsed, it shows the icons only. */
export function SideMenu({ user, collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const addins = useAuthConfig().data?.addins ?? { outlook: null, gmail: null };
  const itemClass =
    'flex h-9 items-center gap-3 rounded-md px-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground';
  return (
    <nav aria-label={t('layout.nav.main')} className="grid gap-4 p-2">
      {menuSections(user, addins).map((section, index) => (
        <div key={section.title ?? index} className="grid gap-1">
          {section.title && (
            <p className={cn('px-2 text-xs font-medium text-muted-foreground uppercase', collapsed && 'sr-only')}>
              {t(section.title)}
            </p>
          )}
          {section.items.map(({ to, label, icon: Icon, external }) =>
            external ? (
              <a
                key={to}
                href={to}
                target="_blank"
                rel="noopener noreferrer"
                title={collapsed ? t(label) : undefined}
                className={cn(itemClass, collapsed && 'justify-center')}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className={cn(collapsed && 'sr-only')}>{t(label)}</span>
              </a>
            ) : (
              <NavLink
                key={to}
                to={to}
                end
                onClick={onNavigate}
                title={collapsed ? t(label) : undefined}
                className={({ isActive }) =>
                  cn(itemClass, isActive && 'bg-muted font-medium text-foreground', collapsed && 'justify-center')
                }
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className={cn(collapsed && 'sr-only')}>{t(label)}</span>
              </NavLink>
            ),
          )}
        </div>
      ))}
    </nav>
  );
}
