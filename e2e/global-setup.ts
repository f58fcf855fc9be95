import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dovecotMissing, startDovecot } from '../apps/server/test/dovecot';
import { startSmtpServer } from '../apps/server/test/smtp-server';
import { startGoogleServer } from '../apps/server/test/vendors/google-server';
import { startMicrosoftServer } from '../apps/server/test/vendors/microsoft-server';
import { selfSignedCertificate } from './self-signed-certificate';
import { freePort, startApp, tempDataDir } from './server-process';
import { TUTORIAL_IDS } from '../packages/shared/src/tutorials';

/** The mailbox the mail-settings spec connects: the same address and password on IMAP and SMTP. */
export const E2E_MAILBOX = { user: 'mailbox@example.test', pass: 'Mailbox-secret1' };
/**
 * The webmail spec's own mailbox: the other specs' accounts keep syncing theirs through the worker
 * (categories may file mail away), so the webmail's seeded mail lives apart.
 */
export const E2E_INBOX_MAILBOX = { user: 'webmail@example.test', pass: 'Webmail-secret1' };

/** The drafts spec's own mailbox: the assistant drafts replies in it while that spec runs. */
export const E2E_DRAFTS_MAILBOX = { user: 'drafts@example.test', pass: 'Drafts-secret1' };

/** The rules spec's own mailbox: its categories file the mail it delivers there into their folders. */
export const E2E_RULES_MAILBOX = { user: 'rules@example.test', pass: 'Rules-secret1' };

/**
 * The evidence spec's mailboxes, one per language: past mail filed in category folders (the accuracy
 * report) and a dry run the worker records in them.
 */
export const E2E_EVIDENCE_MAILBOXES = {
  en: { user: 'evidence-en@example.test', pass: 'Evidence-secret1' },
  fr: { user: 'evidence-fr@example.test', pass: 'Evidence-secret1' },
};

/**
 * The STARTTLS spec's mailbox, on a Dovecot and an SMTP server of its own that offer STARTTLS with a
 * self-signed certificate for `localhost`, which the app trusts (NODE_EXTRA_CA_CERTS): its IMAP login
 * is not its address.
 */
export const E2E_STARTTLS_MAILBOX = {
  address: 'ines.moreau@starttls.example.test',
  imapUser: 'imapuser7',
  pass: 'Starttls-secret1',
};

/** Where the feedback spec's messages go (read back from the outbox). */
export const E2E_SUPPORT_EMAIL = 'support@example.test';
/** The product's six tutorial videos: none for the Gmail connection and the Gmail plugin (spec 02 §9). */
export const E2E_TUTORIAL_VIDEOS = TUTORIAL_IDS.filter((id) => id !== 'gmail-connection' && id !== 'gmail-plugin')
  .map((id) => `${id}=https://www.youtube-nocookie.com/embed/e2e-${id}`)
  .join(',');

/** The app's OAuth client at the vendor-shaped Google and Microsoft servers (sign-in with them). */
export const E2E_OAUTH_CLIENT = { clientId: 'e2e-client-id', clientSecret: 'e2e-client-secret' };

/**
 * Starts the app once for the suite; the specs read E2E_URL and E2E_DATA_DIR (the outbox). A real
 * Dovecot (IMAP) and a real SMTP server hold the mailbox the mail-settings spec connects: their
 * ports go to the specs as E2E_IMAP_PORT and E2E_SMTP_PORT. A second pair offers STARTTLS with a
 * self-signed certificate made here (E2E_STARTTLS_*). Without Dovecot the mail specs skip
 * (E2E_MAIL_SKIP says why); under CI a missing Dovecot fails the run.
 */
export default async function globalSetup() {
  const dataDir = tempDataDir();
  const skip = dovecotMissing();
  // What the SMTP server receives is written here, so that specs can read the recipients' copies.
  const spoolDir = path.join(dataDir, 'smtp-received');
  mkdirSync(spoolDir, { recursive: true });
  const mailboxes = [
    E2E_MAILBOX,
    E2E_INBOX_MAILBOX,
    E2E_DRAFTS_MAILBOX,
    E2E_RULES_MAILBOX,
    E2E_EVIDENCE_MAILBOXES.en,
    E2E_EVIDENCE_MAILBOXES.fr,
  ];
  const dovecot = skip ? null : await startDovecot(mailboxes);
  const smtp = skip ? null : await startSmtpServer(mailboxes, { spoolDir });
  const certificate = skip ? null : selfSignedCertificate(path.join(dataDir, 'tls'));
  const tls = certificate && {
    dovecot: await startDovecot([{ user: E2E_STARTTLS_MAILBOX.imapUser, pass: E2E_STARTTLS_MAILBOX.pass }], { tls: certificate }),
    smtp: await startSmtpServer([{ user: E2E_STARTTLS_MAILBOX.address, pass: E2E_STARTTLS_MAILBOX.pass }], {
      starttls: certificate,
    }),
  };
  if (skip) process.env.E2E_MAIL_SKIP = skip;
  if (certificate && tls) {
    process.env.E2E_STARTTLS_IMAP_PORT = String(tls.dovecot.port);
    process.env.E2E_STARTTLS_IMAP_LOG = tls.dovecot.logFile;
    process.env.E2E_STARTTLS_SMTP_PORT = String(tls.smtp.port);
    process.env.E2E_STARTTLS_CERT = certificate.certFile;
    process.env.E2E_STARTTLS_ADDRESS = E2E_STARTTLS_MAILBOX.address;
    process.env.E2E_STARTTLS_IMAP_USER = E2E_STARTTLS_MAILBOX.imapUser;
    process.env.E2E_STARTTLS_PASS = E2E_STARTTLS_MAILBOX.pass;
  }
  if (dovecot && smtp) {
    process.env.E2E_IMAP_PORT = String(dovecot.port);
    process.env.E2E_SMTP_PORT = String(smtp.port);
    process.env.E2E_MAIL_USER = E2E_MAILBOX.user;
    process.env.E2E_MAIL_PASS = E2E_MAILBOX.pass;
    process.env.E2E_INBOX_USER = E2E_INBOX_MAILBOX.user;
    process.env.E2E_INBOX_PASS = E2E_INBOX_MAILBOX.pass;
    process.env.E2E_DRAFTS_USER = E2E_DRAFTS_MAILBOX.user;
    process.env.E2E_DRAFTS_PASS = E2E_DRAFTS_MAILBOX.pass;
    process.env.E2E_RULES_USER = E2E_RULES_MAILBOX.user;
    process.env.E2E_RULES_PASS = E2E_RULES_MAILBOX.pass;
    process.env.E2E_SMTP_SPOOL = spoolDir;
  }
  // Google and Microsoft are local servers in their wire formats; the specs choose who signs in there.
  const google = await startGoogleServer({ ...E2E_OAUTH_CLIENT, emailAddress: 'someone@gmail.test' });
  const microsoft = await startMicrosoftServer({ ...E2E_OAUTH_CLIENT, mail: 'someone@outlook.test' });
  process.env.E2E_GOOGLE_URL = google.baseUrl;
  process.env.E2E_MICROSOFT_URL = microsoft.baseUrl;
  // The embedded default, whatever the environment says: the app as `npm ci && npm start` gives it.
  const app = await startApp({
    port: await freePort(),
    dataDir,
    env: {
      DATABASE_URL: '',
      RATE_LIMIT_MULTIPLIER: '20',
      SUPPORT_EMAIL: E2E_SUPPORT_EMAIL,
      TUTORIAL_VIDEOS: E2E_TUTORIAL_VIDEOS,
      GOOGLE_CLIENT_ID: E2E_OAUTH_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: E2E_OAUTH_CLIENT.clientSecret,
      GOOGLE_ENDPOINT_BASE: google.baseUrl,
      MICROSOFT_CLIENT_ID: E2E_OAUTH_CLIENT.clientId,
      MICROSOFT_CLIENT_SECRET: E2E_OAUTH_CLIENT.clientSecret,
      MICROSOFT_ENDPOINT_BASE: microsoft.baseUrl,
      // The STARTTLS servers' certificate is trusted the way an administrator trusts a private CA;
      // certificate checks stay on (the same server by its IP address, which it does not name, is refused).
      ...(certificate && { NODE_EXTRA_CA_CERTS: certificate.certFile }),
    },
  });
  process.env.E2E_URL = app.url;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    await app.stop();
    await google.close();
    await microsoft.close();
    await smtp?.stop();
    await dovecot?.stop();
    await tls?.smtp.stop();
    await tls?.dovecot.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
