import type { SessionUser } from '@app/shared/auth';
import { isSafePath } from '@/lib/utils';

export type GuardLocation = { pathname: string; search: string; state?: unknown };

/** DESIGN §10: always reachable once signed in, whatever guard is unmet. */
const alwaysReachable = ['/profile', '/feedback', '/tutorials', '/plugins'];

type GuardedUser = Pick<
  SessionUser,
  'businessSector' | 'role' | 'billable' | 'subscriptionStatus' | 'plan' | 'metadata' | 'settings' | 'referrerId'
>;

/** Spec 02 §6: the Users screens are the owner's; an invited member is sent home. */
const isOwnersOnly = (pathname: string) => pathname === '/users' || pathname.startsWith('/users/');

export type GuardOptions = {
  /** The mail-provider guard applies only when the server can connect mailboxes. */
  mailboxAvailable: boolean;
};

type Guard = {
  unmet: (user: GuardedUser, params: URLSearchParams, options: GuardOptions) => boolean;
  /** The guard's screen first, then the screens that meet it. */
  screens: string[];
};

/** FREE (no payment) and trialing count as active (DESIGN §10). */
function hasActiveSubscription(user: GuardedUser) {
  return user.plan === 'free' || user.subscriptionStatus === 'active' || user.subscriptionStatus === 'trialing';
}

/** Spec 01 §2 "Further guards before the main screens", in order. */
const guards: Guard[] = [
  { unmet: (user) => !user.businessSector && !user.role, screens: ['/profile'] },
  { unmet: (user) => user.billable && !hasActiveSubscription(user), screens: ['/subscriptions', '/invoices', '/billing'] },
  { unmet: (user) => !user.metadata.hasAiConfig, screens: ['/agent'] },
  {
    unmet: (user, params, options) => options.mailboxAvailable && !user.settings?.provider && !params.has('code'),
    screens: ['/email-settings/add', '/cb/ms', '/cb/google'],
  },
];

function normalise(pathname: string) {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function withSearch(pathname: string, params: URLSearchParams) {
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

function backToOf(params: URLSearchParams, state: unknown): string | null {
  const fromState = (state as { queryParams?: { backTo?: unknown } } | null | undefined)?.queryParams?.backTo;
  return params.get('backTo') ?? (typeof fromState === 'string' ? fromState : null);
}

/**
 * Where the authentication gate sends the user, or null to render the screen. Signed out: to
 * /signin with the query string (plus backTo = the current path unless it is / or /signin). Signed
 * in: the first unmet guard's screen, unless the user is already on a screen that meets it; then a
 * safe backTo other than / and /home.
 */
export function nextRedirect(
  user: GuardedUser | null,
  location: GuardLocation,
  options: GuardOptions = { mailboxAvailable: true },
): string | null {
  const pathname = normalise(location.pathname);
  const params = new URLSearchParams(location.search);

  if (!user) {
    if (pathname !== '/' && pathname !== '/signin' && !params.has('backTo')) params.set('backTo', pathname);
    return withSearch('/signin', params);
  }
  if (alwaysReachable.includes(pathname)) return null;

  const guard = guards.find((g) => g.unmet(user, params, options));
  if (guard) return guard.screens.includes(pathname) ? null : withSearch(guard.screens[0] ?? '/', params);
  if (user.referrerId && isOwnersOnly(pathname)) return '/home';

  const backTo = backToOf(params, location.state);
  if (!isSafePath(backTo)) return null;
  const target = new URL(backTo, 'http://app.invalid');
  const targetPath = normalise(target.pathname);
  if (['/', '/home', pathname].includes(targetPath) || !isSafePath(targetPath)) return null;
  if (user.referrerId && isOwnersOnly(targetPath)) return null;
  params.delete('backTo');
  params.forEach((value, key) => {
    if (!target.searchParams.has(key)) target.searchParams.set(key, value);
  });
  return `${targetPath}${target.search}`;
}
