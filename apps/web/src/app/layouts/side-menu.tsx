import type { SessionUser } from '@app/shared/auth';
import { Bot, Database, FileText, GraduationCap, Inbox, Mail, Puzzle, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

type Item = { to: string; label: string; icon: LucideIcon };

function menuSections(user: SessionUser) {
  const isOwner = user.referrerId === null;
  const settings: Item[] = [
    { to: '/prompt', label: 'layout.nav.instructions', icon: FileText },
    { to: '/email-settings', label: 'layout.nav.mailbox', icon: Mail },
    { to: '/inbox', label: 'layout.nav.webmail', icon: Inbox },
    ...(isOwner ? [{ to: '/users', label: 'layout.nav.users', icon: Users }] : []),
  ];
  return [
    { title: null, items: [{ to: '/home', label: 'layout.nav.knowledge', icon: Database }] },
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
        { to: '/plugins?addin=outlook', label: 'layout.nav.outlook', icon: Puzzle },
        { to: '/plugins', label: 'layout.nav.gmail', icon: Puzzle },
      ],
    },
  ];
}

type SideMenuProps = { user: SessionUser; collapsed?: boolean; onNavigate?: () => void };

/** Spec 01 §2 "Menus": the side menu; collapsed, it shows the icons only. */
export function SideMenu({ user, collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('layout.nav.main')} className="grid gap-4 p-2">
      {menuSections(user).map((section, index) => (
        <div key={section.title ?? index} className="grid gap-1">
          {section.title && (
            <p className={cn('px-2 text-xs font-medium text-muted-foreground uppercase', collapsed && 'sr-only')}>
              {t(section.title)}
            </p>
          )}
          {section.items.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              end
              onClick={onNavigate}
              title={collapsed ? t(label) : undefined}
              className={({ isActive }) =>
                cn(
                  'flex h-9 items-center gap-3 rounded-md px-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground',
                  isActive && 'bg-muted font-medium text-foreground',
                  collapsed && 'justify-center',
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              <span className={cn(collapsed && 'sr-only')}>{t(label)}</span>
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}
