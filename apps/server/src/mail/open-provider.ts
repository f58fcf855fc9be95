import type { MailConnection } from '../db/schema/mail';
import { createImapSmtpProvider } from './imap-smtp/imap-smtp-provider';
import type { MailProvider } from './port';

export interface MailProviderOptions {
  allowPrivateHosts: boolean;
  timeoutMs?: number;
}

/** The adapter for a stored connection, given its secret already unsealed. */
export function openMailProvider(connection: MailConnection, secret: string, options: MailProviderOptions): MailProvider {
  if (connection.kind === 'smtp') {
    const { kind: _kind, ...settings } = connection;
    return createImapSmtpProvider({ ...settings, pass: secret }, options);
  }
  throw new Error('OAuth mail providers are not available in this release');
}

/** Runs `work` with a connected provider and always closes it. */
export async function withMailProvider<T>(provider: MailProvider, work: (provider: MailProvider) => Promise<T>): Promise<T> {
  try {
    return await work(provider);
  } finally {
    await provider.close().catch(() => undefined);
  }
}
