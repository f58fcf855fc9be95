import { Outlet } from 'react-router';

/**
 * The nested settings screens share this frame inside the main layout. Its one column may shrink
 * below the content's natural width (grid-cols-1 is minmax(0, 1fr)): on a phone, wide content
 * scrolls inside its own frame instead of the whole page.
 */
export function SettingsLayout() {
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      <Outlet />
    </div>
  );
}
