import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuthConfig } from '@/lib/auth-config';
import { useAuth } from '@/lib/session';
import { nextRedirect } from './next-redirect';

function queryParamsOf(search: string) {
  const params = Object.fromEntries(new URLSearchParams(search));
  delete params.backTo;
  return params;
}

/** The authentication gate and the guards of spec 01 §2 in front of every main screen. */
export function ProtectedRoute() {
  const { user, isLoading, error } = useAuth();
  const authConfig = useAuthConfig();
  const location = useLocation();
  if (isLoading || authConfig.isPending) return <FullPageSpinner />;
  const to = nextRedirect(user, location, { mailboxAvailable: authConfig.data?.mailbox ?? true });
  if (to) return <Navigate to={to} replace state={{ message: error, queryParams: queryParamsOf(location.search) }} />;
  return <Outlet context={{ queryParams: queryParamsOf(location.search) }} />;
}

/** Public screens send an already signed-in user to /home, keeping the query string. */
export function PublicRoute() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  if (user) {
    return <Navigate to={`/home${location.search}`} replace state={{ queryParams: queryParamsOf(location.search) }} />;
  }
  return <Outlet />;
}
