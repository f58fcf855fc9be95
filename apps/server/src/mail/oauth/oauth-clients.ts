import { z } from 'zod';
import { tokenRequest } from '../vendor-http';

/** The OAuth side of Gmail and Outlook: authorisation URL, code exchange, refresh (RFC 6749). */

export type OAuthVendor = 'gmail' | 'outlook';

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** Where the vendor sends the browser back (our /cb/google or /cb/ms). */
  redirectUri: string;
  authorizeUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** Extra authorisation parameters (Google needs access_type=offline for a refresh token). */
  extraParams: Record<string, string>;
  /** RFC 7009 revocation endpoint, where the vendor has one (Google; Microsoft has none for a refresh token). */
  revokeUrl?: string;
}

export const GMAIL_SCOPES = ['https://www.googleapis.com/auth/gmail.modify', 'openid', 'email'];
/** Spec 02 §7: offline access, e-mail, profile, user read, mail send, mail read/write, mailbox settings. */
export const OUTLOOK_SCOPES = [
  'offline_access',
  'email',
  'profile',
  'User.Read',
  'Mail.Send',
  'Mail.ReadWrite',
  'MailboxSettings.ReadWrite',
];

export interface VendorEndpoints {
  google: { authorize: string; token: string; revoke: string; gmailApi: string };
  microsoft: { login: string; graphApi: string };
}

export const PUBLIC_ENDPOINTS: VendorEndpoints = {
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    revoke: 'https://oauth2.googleapis.com/revoke',
    gmailApi: 'https://gmail.googleapis.com/gmail/v1',
  },
  microsoft: { login: 'https://login.microsoftonline.com', graphApi: 'https://graph.microsoft.com/v1.0' },
};

/** Every vendor endpoint under one base URL: how tests point the adapters at a local server. */
export function endpointsUnder(google: string | undefined, microsoft: string | undefined): VendorEndpoints {
  return {
    google: google
      ? {
          authorize: `${google}/o/oauth2/v2/auth`,
          token: `${google}/token`,
          revoke: `${google}/revoke`,
          gmailApi: `${google}/gmail/v1`,
        }
      : PUBLIC_ENDPOINTS.google,
    microsoft: microsoft ? { login: microsoft, graphApi: `${microsoft}/v1.0` } : PUBLIC_ENDPOINTS.microsoft,
  };
}

export function authorizationUrl(client: OAuthClientConfig, state: string) {
  const url = new URL(client.authorizeUrl);
  const params = {
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: client.scopes.join(' '),
    state,
    ...client.extraParams,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO time the access token stops working. */
  expiresAt: string;
  scope: string;
}

function toTokens(raw: unknown, previousRefreshToken?: string): OAuthTokens {
  const parsed = tokenResponseSchema.parse(raw);
  const refreshToken = parsed.refresh_token ?? previousRefreshToken;
  if (!refreshToken) throw new Error('The provider returned no refresh token');
  return {
    accessToken: parsed.access_token,
    // Google keeps the refresh token; Microsoft rotates it and the new one must replace the old.
    refreshToken,
    expiresAt: new Date(Date.now() + (parsed.expires_in ?? 3600) * 1000).toISOString(),
    scope: parsed.scope ?? '',
  };
}

export async function exchangeCode(client: OAuthClientConfig, code: string): Promise<OAuthTokens> {
  const raw = await tokenRequest(client.tokenUrl, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    scope: client.scopes.join(' '),
  });
  return toTokens(raw);
}

export async function refreshTokens(client: OAuthClientConfig, refreshToken: string): Promise<OAuthTokens> {
  const raw = await tokenRequest(client.tokenUrl, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    scope: client.scopes.join(' '),
  });
  return toTokens(raw, refreshToken);
}

/** Revokes the grant where the vendor allows it; failures are ignored (the tokens are deleted anyway). */
export async function revokeGrant(client: OAuthClientConfig, refreshToken: string): Promise<boolean> {
  if (!client.revokeUrl) return false;
  const res = await fetch(client.revokeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshToken }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  return res?.ok ?? false;
}

export function gmailClient(
  credentials: { clientId: string; clientSecret: string },
  endpoints: VendorEndpoints,
  appUrl: string,
): OAuthClientConfig {
  return {
    ...credentials,
    redirectUri: `${appUrl}/cb/google`,
    authorizeUrl: endpoints.google.authorize,
    tokenUrl: endpoints.google.token,
    revokeUrl: endpoints.google.revoke,
    scopes: GMAIL_SCOPES,
    extraParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
  };
}

export function outlookClient(
  credentials: { clientId: string; clientSecret: string; tenantId?: string },
  endpoints: VendorEndpoints,
  appUrl: string,
): OAuthClientConfig {
  const tenant = credentials.tenantId ?? 'common';
  return {
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    redirectUri: `${appUrl}/cb/ms`,
    authorizeUrl: `${endpoints.microsoft.login}/${tenant}/oauth2/v2.0/authorize`,
    tokenUrl: `${endpoints.microsoft.login}/${tenant}/oauth2/v2.0/token`,
    scopes: OUTLOOK_SCOPES,
    extraParams: { response_mode: 'query', prompt: 'select_account' },
  };
}
