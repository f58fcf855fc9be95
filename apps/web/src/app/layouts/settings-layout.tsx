import { Outlet } from 'react-router';

/** The nested settings screens share this frame inside the main layout. */
export function SettingsLayout() {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <Outlet />
    </div>
  );
}
