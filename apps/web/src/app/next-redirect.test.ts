import type { SessionUser } from '@app/shared/auth';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '@/test/mock-api';
import { nextRedirect } from './next-redirect';

const ready: SessionUser = sessionUser({ billable: true, plan: 'pro', settings: { provider: 'smtp' } });

const at = (path: string, state?: unknown) => {
  const [pathname = '/', search = ''] = path.split('?');
  return { pathname, search: search ? `?${search}` : '', state };
};
const user = (patch: Partial<SessionUser>) => ({ ...ready, ...patch });

describe('nextRedirect: signed out', () => {
  it('sends to /signin with backTo = the current path', () => {
    expect(nextRedirect(null, at('/inbox'))).toBe('/signin?backTo=%2Finbox');
  });
  it('keeps the query string and adds no backTo on / and /signin', () => {
    expect(nextRedirect(null, at('/?lng=fr'))).toBe('/signin?lng=fr');
    expect(nextRedirect(null, at('/signin'))).toBe('/signin');
  });
  it('keeps an existing backTo', () => {
    expect(nextRedirect(null, at('/home?backTo=/users'))).toBe('/signin?backTo=%2Fusers');
  });
});

describe('nextRedirect: guards in order', () => {
  it('renders when every guard is met', () => {
    expect(nextRedirect(ready, at('/home'))).toBeNull();
  });
  it('profile: no sector and no role → /profile, keeping the query', () => {
    const u = user({ businessSector: null, role: null, billable: true, subscriptionStatus: 'requires_action' });
    expect(nextRedirect(u, at('/home?backTo=/inbox'))).toBe('/profile?backTo=%2Finbox');
    expect(nextRedirect(u, at('/subscriptions'))).toBe('/profile');
    expect(nextRedirect(u, at('/profile'))).toBeNull();
    expect(nextRedirect(user({ businessSector: null }), at('/home'))).toBeNull();
  });
  it('subscription: billable and not active → /subscriptions; /invoices meets it', () => {
    const u = user({ subscriptionStatus: 'requires_action', metadata: { hasAiConfig: false } });
    expect(nextRedirect(u, at('/home'))).toBe('/subscriptions');
    expect(nextRedirect(u, at('/agent'))).toBe('/subscriptions');
    expect(nextRedirect(u, at('/subscriptions'))).toBeNull();
    expect(nextRedirect(u, at('/invoices'))).toBeNull();
  });
  it('subscription: trialing, the FREE plan and non-billable users pass', () => {
    expect(nextRedirect(user({ subscriptionStatus: 'trialing' }), at('/home'))).toBeNull();
    expect(nextRedirect(user({ plan: 'free', subscriptionStatus: 'none' }), at('/home'))).toBeNull();
    expect(nextRedirect(user({ billable: false, subscriptionStatus: 'none' }), at('/home'))).toBeNull();
  });
  it('AI configuration: hasAiConfig false → /agent', () => {
    const u = user({ metadata: { hasAiConfig: false }, settings: null });
    expect(nextRedirect(u, at('/home'))).toBe('/agent');
    expect(nextRedirect(u, at('/agent'))).toBeNull();
  });
  it('mail provider: not required while the server cannot connect mailboxes', () => {
    const u = user({ settings: null });
    expect(nextRedirect(u, at('/home'), { mailboxAvailable: false })).toBeNull();
    expect(nextRedirect(u, at('/data'), { mailboxAvailable: false })).toBeNull();
  });

  it('mail provider: none and no code → /email-settings/add; /cb/ms and /cb/google meet it', () => {
    const u = user({ settings: null });
    expect(nextRedirect(u, at('/home'))).toBe('/email-settings/add');
    expect(nextRedirect(u, at('/email-settings/add'))).toBeNull();
    expect(nextRedirect(u, at('/cb/ms?state=x'))).toBeNull();
    expect(nextRedirect(u, at('/cb/google?error=access_denied'))).toBeNull();
    expect(nextRedirect(u, at('/home?code=abc'))).toBeNull();
  });
  it('leaves /profile, /feedback, /tutorials and /plugins reachable', () => {
    const u = user({ businessSector: null, role: null, settings: null });
    for (const path of ['/profile', '/feedback', '/tutorials', '/plugins']) expect(nextRedirect(u, at(path))).toBeNull();
  });
});

describe('nextRedirect: backTo', () => {
  it('redirects to a safe backTo, keeping the other query params', () => {
    expect(nextRedirect(ready, at('/home?backTo=/users&lng=fr'))).toBe('/users?lng=fr');
    expect(nextRedirect(ready, at('/home', { queryParams: { backTo: '/inbox' } }))).toBe('/inbox');
  });
  it('ignores /, /home, the current path and unsafe targets', () => {
    for (const backTo of ['/', '/home', '//evil.example', '/\\evil.example', 'https://evil.example', 'inbox']) {
      expect(nextRedirect(ready, at(`/home?backTo=${encodeURIComponent(backTo)}`))).toBeNull();
    }
    expect(nextRedirect(ready, at('/users?backTo=/users'))).toBeNull();
  });
  it('never yields a protocol-relative path', () => {
    expect(nextRedirect(ready, at(`/home?backTo=${encodeURIComponent('/.//evil.example')}`))).toBeNull();
  });
});

describe('nextRedirect: owners-only screens', () => {
  const member = user({ referrerId: 'owner-1', billable: false });
  it('sends an invited member away from the Users screens', () => {
    expect(nextRedirect(member, at('/users'))).toBe('/home');
    expect(nextRedirect(member, at('/users/add'))).toBe('/home');
    expect(nextRedirect(ready, at('/users/add'))).toBeNull();
  });
  it('ignores a backTo to them for a member', () => {
    expect(nextRedirect(member, at('/home?backTo=/users'))).toBeNull();
    expect(nextRedirect(ready, at('/home?backTo=/users'))).toBe('/users');
  });
  it('lets the guards speak first', () => {
    expect(nextRedirect(user({ referrerId: 'owner-1', metadata: { hasAiConfig: false } }), at('/users'))).toBe('/agent');
  });
});
