import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, type OAuthServer } from '../../test/vendors/oauth-server';
import { startGoogleServer } from '../../test/vendors/google-server';
import { startMicrosoftServer } from '../../test/vendors/microsoft-server';
import { MailError } from './errors';
import { createGmailProvider } from './gmail/gmail-provider';
import {
  authorizationUrl,
  endpointsUnder,
  exchangeCode,
  gmailClient,
  type OAuthClientConfig,
  type OAuthTokens,
  outlookClient,
  refreshTokens,
} from './oauth/oauth-clients';
import { createOutlookProvider } from './outlook/outlook-provider';
import type { MailProvider } from './port';
import type { TokenSource } from './vendor-http';

const credentials = { clientId: 'client-123', clientSecret: 'secret-456' };
const APP_URL = 'http://localhost:3000';

/** Tokens kept in memory, refreshed through the vendor's token endpoint. */
function memoryTokens(client: OAuthClientConfig, initial: OAuthTokens): TokenSource & { current: OAuthTokens } {
  const source = {
    current: initial,
    accessToken: async () => source.current.accessToken,
    refresh: async (rejected: string) => {
      if (source.current.accessToken === rejected) source.current = await refreshTokens(client, source.current.refreshToken);
      return source.current.accessToken;
    },
  };
  return source;
}

type Case = {
  vendor: 'gmail' | 'outlook';
  start(): Promise<OAuthServer>;
  client(server: OAuthServer): OAuthClientConfig;
  authorizePath: string;
  provider(server: OAuthServer, tokens: TokenSource): MailProvider;
  address: string;
  special: Record<string, string>;
  rotates: boolean;
};

const cases: Case[] = [
  {
    vendor: 'gmail',
    start: () => startGoogleServer({ ...credentials, emailAddress: 'owner@gmail.test' }),
    client: (s) => gmailClient(credentials, endpointsUnder(s.baseUrl, undefined), APP_URL),
    authorizePath: '/o/oauth2/v2/auth',
    provider: (s, tokens) =>
      createGmailProvider(endpointsUnder(s.baseUrl, undefined).google.gmailApi, tokens, { baseDelayMs: 10 }),
    address: 'owner@gmail.test',
    special: { Inbox: '\\Inbox', Sent: '\\Sent', Drafts: '\\Drafts', Spam: '\\Junk', Trash: '\\Trash' },
    rotates: false,
  },
  {
    vendor: 'outlook',
    start: () => startMicrosoftServer({ ...credentials, mail: 'owner@outlook.test' }),
    client: (s) => outlookClient(credentials, endpointsUnder(undefined, s.baseUrl), APP_URL),
    authorizePath: '/common/oauth2/v2.0/authorize',
    provider: (s, tokens) =>
      createOutlookProvider(endpointsUnder(undefined, s.baseUrl).microsoft.graphApi, tokens, { baseDelayMs: 10 }),
    address: 'owner@outlook.test',
    special: { Inbox: '\\Inbox', 'Sent Items': '\\Sent', Drafts: '\\Drafts', 'Junk Email': '\\Junk', 'Deleted Items': '\\Trash' },
    rotates: true,
  },
];

describe.each(cases)('$vendor adapter against its vendor-shaped server', (c) => {
  let server: OAuthServer;
  let client: OAuthClientConfig;
  beforeAll(async () => {
    server = await c.start();
    client = c.client(server);
  });
  afterAll(() => server?.close());

  async function connected() {
    const { code } = await authorize(server, c.authorizePath, client.redirectUri);
    const tokens = memoryTokens(client, await exchangeCode(client, code));
    return { tokens, provider: c.provider(server, tokens) };
  }

  it('builds the authorisation URL with the scopes, redirect and state', () => {
    const url = new URL(authorizationUrl(client, 'signed-state'));
    expect(url.searchParams.get('client_id')).toBe('client-123');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toBe('signed-state');
    expect(url.searchParams.get('redirect_uri')).toBe(c.vendor === 'gmail' ? `${APP_URL}/cb/google` : `${APP_URL}/cb/ms`);
    expect(url.searchParams.get('scope')).toContain(c.vendor === 'gmail' ? 'gmail.modify' : 'Mail.ReadWrite');
  });

  it('exchanges a code once; a replayed code or a wrong secret is refused', async () => {
    const { code } = await authorize(server, c.authorizePath, client.redirectUri);
    const tokens = await exchangeCode(client, code);
    expect(tokens.refreshToken).toMatch(/^refresh-/);
    expect(Date.parse(tokens.expiresAt)).toBeGreaterThan(Date.now());
    await expect(exchangeCode(client, code)).rejects.toMatchObject({ kind: 'auth', stage: 'oauth' });
    const other = await authorize(server, c.authorizePath, client.redirectUri);
    await expect(exchangeCode({ ...client, clientSecret: 'wrong' }, other.code)).rejects.toBeInstanceOf(MailError);
  });

  it('reads the address and the folder tree with special uses', async () => {
    const { provider } = await connected();
    await provider.verify();
    expect(await provider.address()).toBe(c.address);
    const folders = await provider.listFolders();
    for (const [path, use] of Object.entries(c.special)) expect(folders.find((f) => f.path === path)?.specialUse, path).toBe(use);
    expect(folders.some((f) => /UNREAD|CHAT|CATEGORY_/.test(f.id))).toBe(false);
  });

  it('creates nested folders once, also under a given parent', async () => {
    const { provider } = await connected();
    const acme = await provider.ensureFolder(['Clients', 'Acme']);
    expect(acme).toMatchObject({ path: 'Clients/Acme', name: 'Acme' });
    const clients = (await provider.listFolders()).find((f) => f.path === 'Clients')!;
    expect(acme.parentId).toBe(clients.id);
    expect(await provider.ensureFolder(['clients', 'acme'])).toMatchObject({ id: acme.id });
    expect(await provider.ensureFolder(['Invoices'], clients.id)).toMatchObject({
      path: 'Clients/Invoices',
      parentId: clients.id,
    });
    const paths = (await provider.listFolders()).map((f) => f.path);
    expect(paths.filter((p) => p.toLowerCase() === 'clients/acme')).toHaveLength(1);
  });

  it('refreshes an expired access token once and carries on', async () => {
    const { provider, tokens } = await connected();
    const before = tokens.current;
    server.expireAccessTokens();
    expect(await provider.address()).toBe(c.address);
    expect(tokens.current.accessToken).not.toBe(before.accessToken);
    if (c.rotates) {
      expect(tokens.current.refreshToken).not.toBe(before.refreshToken);
      // A rotated refresh token cannot be used again: refreshing with the old one fails.
      await expect(refreshTokens(client, before.refreshToken)).rejects.toMatchObject({ kind: 'auth' });
    } else {
      expect(tokens.current.refreshToken).toBe(before.refreshToken);
    }
  });

  it('waits as long as Retry-After says on 429, then gives up with rate_limited', async () => {
    const { provider } = await connected();
    server.rateLimitNext(2, 1);
    const started = Date.now();
    expect(await provider.address()).toBe(c.address);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

    server.rateLimitNext(10, 0);
    await expect(provider.address()).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 0 });
    server.rateLimitNext(0, 0);
  });

  it('reports a revoked grant as an auth failure', async () => {
    const { provider } = await connected();
    server.expireAccessTokens();
    const revoked = c.provider(server, {
      accessToken: async () => 'stale',
      refresh: async () => refreshTokens(client, 'revoked').then((t) => t.accessToken),
    });
    await expect(revoked.address()).rejects.toMatchObject({ kind: 'auth', stage: 'oauth' });
    expect(await provider.address()).toBe(c.address);
  });
});
