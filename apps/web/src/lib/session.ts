import type { SessionUser } from '@app/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from './api-client';

/**
 * The server checks this answer against `sessionUserSchema` before sending it, so it is not parsed
 * again here: every screen asks for it first, and zod stays out of the sign-in page's download.
 */
async function getSession(): Promise<SessionUser | null> {
  try {
    return await apiRequest<SessionUser>('/api/session');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: getSession,
  staleTime: 60_000,
  retry: false,
});

export type AuthState = { user: SessionUser | null; isLoading: boolean; error: string | null };

/**
 * The auth state of spec 01 §3, read from GET /api/session. A user whose e-mail is not verified is
 * treated as signed out with the error auth.emailNotVerified (i18n key).
 */
export function useAuth(): AuthState {
  const { data, isPending } = useQuery(sessionQueryOptions);
  if (isPending) return { user: null, isLoading: true, error: null };
  if (data && !data.emailVerified) return { user: null, isLoading: false, error: 'auth.emailNotVerified' };
  return { user: data ?? null, isLoading: false, error: null };
}

/** Local-storage keys of a user's personal data in this browser (chat histories), removed at logout. */
export const PERSONAL_STORAGE_PREFIX = 'personal.';

export function clearPersonalStorage(storage: Storage = localStorage) {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key): key is string =>
    Boolean(key?.startsWith(PERSONAL_STORAGE_PREFIX)),
  );
  for (const key of keys) storage.removeItem(key);
}
