import type { SmtpConnectionSettings } from '@app/shared/mail-settings';
import { createGmailProvider } from './gmail/gmail-provider';
import { createImapSmtpProvider } from './imap-smtp/imap-smtp-provider';
import { endpointsUnder, gmailClient, type OAuthClientConfig, type OAuthVendor, outlookClient } from './oauth/oauth-clients';
import { createOutlookProvider } from './outlook/outlook-provider';
import type { MailProvider } from './port';
import type { TokenSource } from './vendor-http';

/** Builds adapters from credentials; the only place that knows which adapter serves which provider. */
export interface MailProviderFactory {
  smtp(settings: SmtpConnectionSettings): MailProvider;
  oauth(vendor: OAuthVendor, tokens: TokenSource): MailProvider;
  /** The OAuth client of a vendor, or null when its client id/secret are not configured. */
  oauthClient(vendor: OAuthVendor): OAuthClientConfig | null;
}

export interface MailProviderFactoryOptions {
  appUrl: string;
  allowPrivateHosts: boolean;
  google: { clientId: string; clientSecret: string } | null;
  microsoft: { clientId: string; clientSecret: string; tenantId?: string } | null;
  endpointBases: { google?: string; microsoft?: string };
  timeoutMs?: number;
}

export function createMailProviderFactory(options: MailProviderFactoryOptions): MailProviderFactory {
  const endpoints = endpointsUnder(options.endpointBases.google, options.endpointBases.microsoft);
  const clients = {
    gmail: options.google ? gmailClient(options.google, endpoints, options.appUrl) : null,
    outlook: options.microsoft ? outlookClient(options.microsoft, endpoints, options.appUrl) : null,
  };
  return {
    smtp: (settings) =>
      createImapSmtpProvider(settings, { allowPrivateHosts: options.allowPrivateHosts, timeoutMs: options.timeoutMs }),
    oauth: (vendor, tokens) =>
      vendor === 'gmail'
        ? createGmailProvider(endpoints.google.gmailApi, tokens, { timeoutMs: options.timeoutMs })
        : createOutlookProvider(endpoints.microsoft.graphApi, tokens, { timeoutMs: options.timeoutMs }),
    oauthClient: (vendor) => clients[vendor],
  };
}

/** Runs `work` with a connected provider and always closes it. */
export async function withMailProvider<T>(provider: MailProvider, work: (provider: MailProvider) => Promise<T>): Promise<T> {
  try {
    return await work(provider);
  } finally {
    await provider.close().catch(() => undefined);
  }
}
