import type { SessionUser } from '@app/shared/auth';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { afterFirstScreen, deferred } from '@/lib/deferred';
import { UserMenuButton } from './user-menu-button';
import type { UserMenuDropdownProps } from './user-menu-dropdown';

const UserMenuDropdown = deferred(() => import('./user-menu-dropdown').then((module) => module.UserMenuDropdown));

type Loaded = { Dropdown: ComponentType<UserMenuDropdownProps>; hadFocus: boolean };

/**
 * The user menu. Its menu (Radix's, with the dialogs' shared code) is loaded a moment after the
 * screen is up, or as soon as the pointer or the focus reaches the button; pressed before it has
 * come, the menu opens when it does. The button is swapped for the menu's own only then, keeping
 * the focus.
 */
export function UserMenu({ user }: { user: SessionUser | null }) {
  const button = useRef<HTMLButtonElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const load = useCallback(() => {
    UserMenuDropdown.load().then(
      (Dropdown) => {
        const hadFocus = document.activeElement === button.current;
        // Only the first answer counts: later ones come once the placeholder is gone.
        setLoaded((current) => current ?? { Dropdown, hadFocus });
      },
      () => undefined, // the next press tries again
    );
  }, []);
  useEffect(() => afterFirstScreen(load), [load]);

  if (loaded) return <loaded.Dropdown user={user} defaultOpen={openOnLoad} focusTrigger={loaded.hadFocus} />;
  return (
    <UserMenuButton
      ref={button}
      user={user}
      aria-haspopup="menu"
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        setOpenOnLoad(true);
        load();
      }}
    />
  );
}
