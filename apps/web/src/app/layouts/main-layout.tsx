import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Button } from '@/components/ui/button';
import { useLinkOutcomeNotice } from '@/features/auth/api/link-outcome';
import { HelpGuide } from '@/features/help-guide/components/help-guide';
import { useCaptureLocale } from '@/features/profile/api/capture-locale';
import { afterFirstScreen, deferred, useMountedOnceWanted, usePreloadAfterFirstScreen } from '@/lib/deferred';
import { loadAppNamespaces } from '@/lib/i18n';
import { useAuth } from '@/lib/session';
import { Brand } from './brand';
import { QuotaBanner } from './quota-banner';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

const NavDrawer = deferred(() => import('./nav-drawer').then((module) => module.NavDrawer));

const collapsedKey = 'sidebarCollapsed';

/** Side menu (a drawer under 768 px), user menu top right, and the screen. */
export function MainLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useLinkOutcomeNotice(user);
  useCaptureLocale(user);
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(collapsedKey) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerMounted = useMountedOnceWanted(drawerOpen, NavDrawer);
  usePreloadAfterFirstScreen(NavDrawer);
  useEffect(() => afterFirstScreen(() => void loadAppNamespaces()), []);

  const toggleCollapsed = () => {
    localStorage.setItem(collapsedKey, collapsed ? '0' : '1');
    setCollapsed(!collapsed);
  };

  return (
    <div className="flex min-h-dvh">
      {user && (
        <aside className={`hidden shrink-0 border-r bg-muted/30 md:block ${collapsed ? 'w-16' : 'w-60'}`}>
          <Brand compact={collapsed} />
          <SideMenu user={user} collapsed={collapsed} />
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center gap-2 border-b px-2 md:px-4">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={t('layout.openMenu')}
            onPointerEnter={NavDrawer.preload}
            onFocus={NavDrawer.preload}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="hidden md:inline-flex"
            aria-label={t(collapsed ? 'layout.expand' : 'layout.collapse')}
            aria-expanded={!collapsed}
            onClick={toggleCollapsed}
          >
            {collapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
          </Button>
          <div className="flex-1" />
          {user && <HelpGuide user={user} />}
          <UserMenu user={user} />
        </header>
        {user && <QuotaBanner user={user} />}
        <main className="flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
      {user && drawerMounted && (
        <Suspense fallback={null}>
          <NavDrawer user={user} open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
    </div>
  );
}
