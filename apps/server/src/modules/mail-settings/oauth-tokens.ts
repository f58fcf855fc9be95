import { type OAuthClientConfig, type OAuthTokens, refreshTokens } from '../../mail/oauth/oauth-clients';
import { connectFailure } from '../../mail/errors';
import type { TokenSource } from '../../mail/vendor-http';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../security/secret-box';
import * as repo from './mail-settings.repository';

/** An access token is renewed this long before it expires. */
const EXPIRY_MARGIN_MS = 60_000;

const fresh = (tokens: OAuthTokens) => Date.parse(tokens.expiresAt) - EXPIRY_MARGIN_MS > Date.now();

export function readTokens(box: SecretBox, sealed: string): OAuthTokens {
  return JSON.parse(box.open(sealed)) as OAuthTokens;
}

/** Tokens held in memory only: for the connect step, before the account row exists. */
export function unsavedTokens(client: OAuthClientConfig, initial: OAuthTokens): TokenSource & { current(): OAuthTokens } {
  let tokens = initial;
  return {
    current: () => tokens,
    accessToken: async () => tokens.accessToken,
    refresh: async (rejected) => {
      if (tokens.accessToken === rejected) tokens = await refreshTokens(client, tokens.refreshToken);
      return tokens.accessToken;
    },
  };
}

/**
 * The stored account's tokens. A refresh happens under a row lock and re-reads the row first: when
 * another process (an api and a worker at once) refreshed meanwhile, its tokens are used instead of
 * spending the refresh token a second time (Microsoft rotates them, so that would end in invalid_grant).
 */
export function storedTokens(
  deps: { db: Db; secretBox: SecretBox },
  userId: string,
  sealed: string,
  client: OAuthClientConfig,
): TokenSource {
  let tokens = readTokens(deps.secretBox, sealed);
  const refresh = async (rejected: string) => {
    // A parallel call of this same source already renewed it.
    if (tokens.accessToken !== rejected && fresh(tokens)) return tokens.accessToken;
    const next = await repo.withLockedAccount(deps.db, userId, async (row, saveSecret) => {
      const stored = readTokens(deps.secretBox, row.secret);
      if (stored.accessToken !== rejected && fresh(stored)) return stored;
      const renewed = await refreshTokens(client, stored.refreshToken);
      await saveSecret(deps.secretBox.seal(JSON.stringify(renewed)));
      return renewed;
    });
    if (!next) throw connectFailure('oauth', 'auth');
    tokens = next;
    return tokens.accessToken;
  };
  return {
    accessToken: async () => (fresh(tokens) ? tokens.accessToken : refresh(tokens.accessToken)),
    refresh,
  };
}
