import type { BetterAuthPlugin } from 'better-auth';
import { type OAuthProvider, refreshAccessToken, validateAuthorizationCode, verifyProviderIdToken } from 'better-auth/oauth2';
import type { Config } from '../../config';

type SocialConfig = Pick<Config, 'google' | 'microsoft' | 'vendorEndpointBases'>;

/** Better Auth's google/microsoft provider options for the configured credentials. */
export function socialProviderOptions(config: SocialConfig) {
  const microsoftBase = config.vendorEndpointBases.microsoft;
  return {
    ...(config.google && {
      google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: 'select_account' as const },
    }),
    ...(config.microsoft && {
      microsoft: {
        clientId: config.microsoft.clientId,
        clientSecret: config.microsoft.clientSecret,
        tenantId: config.microsoft.tenantId,
        prompt: 'select_account' as const,
        scope: ['openid', 'email', 'profile'],
        // Under a base URL the identity platform is that authority (as for a national cloud); the
        // profile photo comes from the public Graph host only, so it is skipped there.
        ...(microsoftBase && { authority: microsoftBase, disableProfilePhoto: true }),
      },
    }),
  };
}

/**
 * Adjusts the providers Better Auth built:
 * - every provider verifies the ID token it got from the token endpoint (signature against the
 *   vendor's keys, issuer, audience, age) before its claims are trusted; Better Auth itself only
 *   decodes it in the authorisation-code flow;
 * - with `GOOGLE_ENDPOINT_BASE`, Google's hard-coded endpoints (authorisation page, token, keys)
 *   are taken under that base. Nothing changes for Google when it is unset.
 */
export function socialProvidersPlugin(config: SocialConfig): BetterAuthPlugin {
  return {
    id: 'social-provider-endpoints',
    init(ctx) {
      for (const provider of ctx.socialProviders) {
        verifyIdTokenFirst(provider);
        if (provider.id === 'google' && config.vendorEndpointBases.google)
          googleUnder(provider, config.vendorEndpointBases.google);
      }
    },
  };
}

function verifyIdTokenFirst(provider: OAuthProvider) {
  const getUserInfo = provider.getUserInfo.bind(provider);
  provider.getUserInfo = async (token) => {
    if (!token.idToken || !(await verifyProviderIdToken(provider, token.idToken, token.expectedIdTokenNonce))) return null;
    return getUserInfo(token);
  };
}

function googleUnder(provider: OAuthProvider, base: string) {
  const options = provider.options ?? {};
  const tokenEndpoint = `${base}/token`;
  const createAuthorizationURL = provider.createAuthorizationURL.bind(provider);
  provider.createAuthorizationURL = async (data) => {
    const url = new URL(await createAuthorizationURL(data));
    return new URL(`${base}/o/oauth2/v2/auth${url.search}`);
  };
  provider.validateAuthorizationCode = ({ code, codeVerifier, redirectURI }) =>
    validateAuthorizationCode({ code, codeVerifier, redirectURI, options, tokenEndpoint });
  provider.refreshAccessToken = (refreshToken) =>
    refreshAccessToken({
      refreshToken,
      options: { clientId: options.clientId, clientKey: options.clientKey, clientSecret: options.clientSecret },
      tokenEndpoint,
    });
  if (provider.idToken && !('verify' in provider.idToken)) {
    provider.idToken = { ...provider.idToken, jwks: async (header) => googleKey(`${base}/oauth2/v3/certs`, header.kid) };
  }
}

async function googleKey(certsUrl: string, kid: string | undefined) {
  const res = await fetch(certsUrl, { redirect: 'error' });
  const { keys } = (await res.json()) as { keys?: { kid?: string; kty: string }[] };
  const key = keys?.find((k) => k.kid === kid);
  if (!key) throw new Error(`No key ${kid ?? ''} at ${certsUrl}`);
  return key;
}
