import { describe, expect, it } from 'vitest';
import { createOAuthState, OAUTH_STATE_TTL_MS, verifyOAuthState } from './oauth-state';

const secret = 'a-test-secret-of-enough-length-000';

describe('OAuth state', () => {
  it('is accepted for the same provider and user until it expires', () => {
    const state = createOAuthState(secret, 'outlook', 'user-1', 1_000);
    expect(verifyOAuthState(secret, state, 'outlook', 'user-1', 2_000)).toBe(true);
    expect(verifyOAuthState(secret, state, 'outlook', 'user-1', 1_000 + OAUTH_STATE_TTL_MS)).toBe(false);
  });

  it('is refused for another user, provider, key, or when altered or missing', () => {
    const state = createOAuthState(secret, 'gmail', 'user-1');
    expect(verifyOAuthState(secret, state, 'gmail', 'user-2')).toBe(false);
    expect(verifyOAuthState(secret, state, 'outlook', 'user-1')).toBe(false);
    expect(verifyOAuthState('another-secret-of-enough-length-11', state, 'gmail', 'user-1')).toBe(false);
    const [data, sig] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'gmail', u: 'user-1', n: 'x', e: Date.now() + 1e9 })).toString('base64url');
    expect(verifyOAuthState(secret, `${forged}.${sig}`, 'gmail', 'user-1')).toBe(false);
    expect(verifyOAuthState(secret, `${data}.`, 'gmail', 'user-1')).toBe(false);
    expect(verifyOAuthState(secret, undefined, 'gmail', 'user-1')).toBe(false);
  });
});
