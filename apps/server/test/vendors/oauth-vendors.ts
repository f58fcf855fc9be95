import type { TestApp, TestUser } from '../harness';
import { createGmailProvider } from '../../src/mail/gmail/gmail-provider';
import {
  endpointsUnder,
  exchangeCode,
  gmailClient,
  type OAuthClientConfig,
  outlookClient,
} from '../../src/mail/oauth/oauth-clients';
import { createOutlookProvider } from '../../src/mail/outlook/outlook-provider';
import type { MailProvider } from '../../src/mail/port';
import type { GoogleServer } from './google-server';
import type { MicrosoftServer } from './microsoft-server';
import { authorize } from './oauth-server';

/** The OAuth client the app is configured with in tests; both vendor-shaped servers accept it. */
export const TEST_OAUTH_CLIENT = { clientId: 'client-123', clientSecret: 'secret-456' };

/** The app's environment for Google and Microsoft, every endpoint on the vendor-shaped servers. */
export function oauthVendorEnv(google: GoogleServer, microsoft: MicrosoftServer) {
  return {
    GOOGLE_CLIENT_ID: TEST_OAUTH_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: TEST_OAUTH_CLIENT.clientSecret,
    MICROSOFT_CLIENT_ID: TEST_OAUTH_CLIENT.clientId,
    MICROSOFT_CLIENT_SECRET: TEST_OAUTH_CLIENT.clientSecret,
    GOOGLE_ENDPOINT_BASE: google.baseUrl,
    MICROSOFT_ENDPOINT_BASE: microsoft.baseUrl,
  };
}

/**
 * Connects a Gmail or Outlook mailbox as the browser does: the app's authorisation URL, the
 * vendor-shaped server's consent (which redirects with a code), then the connect call with that
 * code and state. Answers the connect call's response.
 */
export async function connectOAuthMailbox(
  t: TestApp,
  user: TestUser,
  provider: 'gmail' | 'outlook',
  settings: { responseType: number; isSyncEnabled: boolean; isClassificationEnabled: boolean },
) {
  const start = await t.call(user, 'GET', `/api/email-settings/oauth/${provider}`);
  const consent = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  return t.call(user, 'POST', '/api/email-settings', {
    provider,
    ...settings,
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
}

/** A fixed access token for an adapter under test: refreshing hands the same one back. */
async function signedInTokens(client: OAuthClientConfig, server: GoogleServer | MicrosoftServer, authorizePath: string) {
  const { code } = await authorize(server, authorizePath, client.redirectUri);
  const { accessToken } = await exchangeCode(client, code);
  return { accessToken: async () => accessToken, refresh: async () => accessToken };
}

/** The Gmail adapter signed in at the Google-shaped server through the authorisation-code flow. */
export async function signedInGmailProvider(server: GoogleServer): Promise<MailProvider> {
  const endpoints = endpointsUnder(server.baseUrl, undefined);
  const tokens = await signedInTokens(
    gmailClient(TEST_OAUTH_CLIENT, endpoints, 'http://localhost:3000'),
    server,
    '/o/oauth2/v2/auth',
  );
  return createGmailProvider(endpoints.google.gmailApi, tokens, { baseDelayMs: 10 });
}

/** The Outlook adapter signed in at the Microsoft-shaped server through the authorisation-code flow. */
export async function signedInOutlookProvider(server: MicrosoftServer): Promise<MailProvider> {
  const endpoints = endpointsUnder(undefined, server.baseUrl);
  const client = outlookClient(TEST_OAUTH_CLIENT, endpoints, 'http://localhost:3000');
  const tokens = await signedInTokens(client, server, '/common/oauth2/v2.0/authorize');
  return createOutlookProvider(endpoints.microsoft.graphApi, tokens, { baseDelayMs: 10 });
}
