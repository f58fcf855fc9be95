import { setTimeout as sleep } from 'node:timers/promises';
import { redeliver } from './mail-servers';
import { type Server, signUp } from './server';
import { type UserApi, userApi } from './user-api';
import { connectMailbox, forEachLimit } from './users';

export type Ports = { imap: number; smtp: number };
export type Credentials = { user: string; pass: string };

/** One message as delivered: its Message-ID, the raw text, and whether the Acme rule should file it. */
export interface Prepared {
  messageId: string;
  raw: string;
  acme: boolean;
}

const AI_CATEGORIES = [
  ['Meetings', 'Meeting requests, calendar invitations, conference calls, scheduling and rooms'],
  ['Trading', 'Gas and power trading, deals, prices, positions, contracts and counterparties'],
  ['Reports', 'Reports, spreadsheets, analyses and documents to review or attached'],
] as const;

export const BUSY_CATEGORIES = ['Clients/Acme (rules)', ...AI_CATEGORIES.map(([n]) => `${n} (ai)`)];
export const QUIET_CATEGORIES = ['Newsletters (rules)', 'Meetings (ai)'];

export const busyMailbox: Credentials = { user: 'busy@example.com', pass: 'Bench-Mail-1' };
export const quietMailboxes = (count: number): Credentials[] =>
  Array.from({ length: count }, (_, i) => ({ user: `quiet${i}@example.com`, pass: `Quiet-Mail-${i}` }));

const imapSettings = (ports: Ports, mailbox: Credentials) => ({
  host: 'localhost',
  port: ports.smtp,
  user: mailbox.user,
  pass: mailbox.pass,
  imapHost: 'localhost',
  imapPort: ports.imap,
});

/** The busy mailbox: "save draft" (responseType 2), classification on, Clients/Acme by rule and three AI categories. */
export async function connectBusy(server: Server, dataDir: string, ports: Ports): Promise<UserApi> {
  const user = await signUp(server, dataDir, 'busy-owner@example.com');
  const api = userApi(server, user.cookie);
  await api('POST', '/api/email-settings', {
    provider: 'smtp',
    responseType: 2,
    isClassificationEnabled: true,
    settings: imapSettings(ports, busyMailbox),
  });
  await api('POST', '/api/email-settings/categories', {
    classifierType: 'rules',
    name: 'Clients/Acme',
    action: '2',
    rules: { from: { email: { operator: 'endsWith', values: ['@acme.example'] } } },
  });
  for (const [name, instruction] of AI_CATEGORIES)
    await api('POST', '/api/email-settings/categories', { classifierType: 'ai', name, instruction });
  return api;
}

/**
 * The quiet mailboxes: each its own user (signed up through the API and the outbox link), its Dovecot
 * account connected with sync and classification on and no reply (lib/users.ts connectMailbox), a
 * rules category (Newsletters: from @news.example) and an AI one (Meetings).
 */
export async function connectQuiet(server: Server, dataDir: string, ports: Ports, mailboxes: Credentials[]) {
  const apis: UserApi[] = [];
  await forEachLimit(mailboxes, 4, async (mailbox, i) => {
    const email = `quiet-owner-${i}@example.com`;
    const { cookie } = await signUp(server, dataDir, email);
    await connectMailbox(server, { email, cookie }, ports, mailbox, true);
    const api = userApi(server, cookie);
    await api('POST', '/api/email-settings/categories', {
      classifierType: 'rules',
      name: 'Newsletters',
      action: '2',
      rules: { from: { email: { operator: 'endsWith', values: ['@news.example'] } } },
    });
    await api('POST', '/api/email-settings/categories', {
      classifierType: 'ai',
      name: AI_CATEGORIES[0][0],
      instruction: AI_CATEGORIES[0][1],
    });
    apis[i] = api;
  });
  return apis;
}

/** Waits until the worker has synced every mailbox once (its checkpoint set: mail APPENDed from then on is new mail). */
export async function untilSynced(apis: UserApi[], timeoutMs: number) {
  await until(async () => {
    for (const api of apis)
      if (!(await api<{ lastSyncedAt: string | null }>('GET', '/api/email-settings')).lastSyncedAt) return false;
    return true;
  }, timeoutMs);
}

/** Messages of the mailbox the pipeline has finished with (done, gone or failed) in the last 24 hours, through the API. */
export async function finished(api: UserApi): Promise<number> {
  const a = await api<{ processed: number; failed: number }>('GET', '/api/email-settings/activity');
  return a.processed + a.failed;
}

/** Resolves when every mailbox has finished with at least its expected count; false after `timeoutMs`. */
export async function untilFinished(mailboxes: { api: UserApi; expected: number }[], timeoutMs: number, everyMs = 250) {
  return until(
    async () => {
      for (const m of mailboxes) if ((await finished(m.api)) < m.expected) return false;
      return true;
    },
    timeoutMs,
    everyMs,
  ).then(
    () => true,
    () => false,
  );
}

/**
 * `count` corpus messages for the busy mailbox, each with a fresh Message-ID; a share `acmeShare` of
 * the measured ones (after `warmup`) come from @acme.example. The corpus is reused from its start when
 * it holds fewer messages than asked for (the Message-IDs stay unique).
 */
export function busyMessages(raws: string[], count: number, warmup: number, acmeShare: number, run: string): Prepared[] {
  return Array.from({ length: count }, (_, i) => {
    const acme = i >= warmup && (i * 7919) % 100 < acmeShare * 100;
    const messageId = `<bench-${run}-${i}@sender.example>`;
    const from = acme ? `Client ${i} <client${i}@acme.example>` : `Sender ${i} <sender${i}@enron.example>`;
    return { messageId, acme, raw: redeliver(raws[i % raws.length]!, { messageId, from, to: busyMailbox.user }) };
  });
}

/** The `n`th message to quiet mailbox `q`: corpus mail taken from the end, one in three from @news.example. */
export function quietMessage(raws: string[], mailbox: Credentials, q: number, n: number, run: string): Prepared {
  const k = q * 1000 + n;
  const messageId = `<quiet-${run}-${q}-${n}@sender.example>`;
  const from = k % 3 === 0 ? `News ${k} <news${k}@news.example>` : `Partner ${k} <partner${k}@partner.example>`;
  const raw = raws[raws.length - 1 - ((q * 7 + n) % raws.length)]!;
  return { messageId, acme: false, raw: redeliver(raw, { messageId, from, to: mailbox.user }) };
}

export async function until<T>(read: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 100): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
