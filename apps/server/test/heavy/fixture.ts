import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGunzip } from 'node:zlib';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import type { MailSetting } from '@app/shared/mail-settings';
import type { Dovecot } from '../dovecot';
import type { TestApp, TestUser } from '../harness';
import type { TestSmtpServer } from '../smtp-server';

const serverRoot = path.resolve(import.meta.dirname, '../..');
export const corpusDir = path.resolve(serverRoot, '../../../shared/corpus');

/** The PostgreSQL URL of the test app's own database, for worker processes to share it. */
export async function databaseUrlOf(t: TestApp): Promise<string> {
  const [row] = await t.database.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

/** The worker role in a child process (test/heavy/worker-process.ts). */
export class WorkerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  workerId = '';
  stderr = '';

  constructor(databaseUrl: string, env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'test/heavy/worker-process.ts'], {
      cwd: serverRoot,
      env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
      if (this.stderr.length > 200_000) this.stderr = this.stderr.slice(-100_000);
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /** Resolves with the worker id once the process has started its worker. */
  async ready(): Promise<string> {
    let out = '';
    const ready = new Promise<string>((resolve) =>
      this.child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const id = /ready (\S+)/.exec(out)?.[1];
        if (id) resolve(id);
      }),
    );
    const result = await Promise.race([
      ready,
      this.exited.then((code) => new Error(`worker exited with ${code}: ${this.stderr}`)),
    ]);
    if (result instanceof Error) throw result;
    this.workerId = result;
    return result;
  }

  get unhandledRejection() {
    return this.stderr.includes('UNHANDLED_REJECTION');
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}

export type Box = { user: TestUser; mailbox: { user: string; pass: string }; id: string };

/** A user who connects a Dovecot mailbox through the API (with SMTP on the test server). */
export async function connectMailbox(
  t: TestApp,
  dovecot: Dovecot,
  smtp: TestSmtpServer,
  name: string,
  responseType: number,
): Promise<Box> {
  const user = await t.signUp();
  const mailbox = { user: `${name}@example.com`, pass: 'Heavy-Pass-1' };
  await dovecot.addUser(mailbox.user, mailbox.pass);
  smtp.addUser(mailbox.user, mailbox.pass);
  await imap(dovecot, mailbox, (c) =>
    c.mailboxCreate('Drafts').then(
      () => undefined,
      () => undefined,
    ),
  );
  const res = await t.call(user, 'POST', '/api/email-settings', {
    provider: 'smtp',
    responseType,
    isClassificationEnabled: true,
    settings: {
      host: 'localhost',
      port: smtp.port,
      user: mailbox.user,
      pass: mailbox.pass,
      imapHost: 'localhost',
      imapPort: dovecot.port,
    },
  });
  if (res.statusCode !== 201) throw new Error(`connecting ${name}: ${res.statusCode} ${res.body}`);
  return { user, mailbox, id: res.json<MailSetting>()._id };
}

/** A rules category (mail from @acme.example) and two AI categories with instructions. */
export async function addCategories(t: TestApp, box: Box) {
  const payloads = [
    {
      classifierType: 'rules',
      name: 'Clients/Acme',
      rules: { from: { email: { operator: 'endsWith', values: ['@acme.example'] } } },
    },
    {
      classifierType: 'ai',
      name: 'Meetings',
      instruction: 'Meeting requests, calendar invitations, conference calls and scheduling',
    },
    { classifierType: 'ai', name: 'Trading', instruction: 'Gas and power trading, deals, prices, positions and contracts' },
  ];
  for (const payload of payloads) {
    const res = await t.call(box.user, 'POST', '/api/email-settings/categories', payload);
    if (res.statusCode !== 201) throw new Error(`category ${payload.name}: ${res.statusCode} ${res.body}`);
  }
}

export async function waitForCheckpoint(t: TestApp, box: Box, timeoutMs = 60_000) {
  await until(async () => {
    const [row] = await t.database.query<{ c: unknown }>('SELECT sync_checkpoint AS c FROM mail_account WHERE id = $1', [box.id]);
    return row?.c;
  }, timeoutMs);
}

export async function imap<T>(
  dovecot: Dovecot,
  auth: { user: string; pass: string },
  work: (c: ImapFlow) => Promise<T>,
): Promise<T> {
  const client = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth, logger: false });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout().catch(() => undefined);
  }
}

/** Message-ID and In-Reply-To of every message in every folder of a mailbox. */
export async function mailboxContents(dovecot: Dovecot, auth: { user: string; pass: string }) {
  return imap(dovecot, auth, async (client) => {
    const folders = new Map<string, { messageId: string; inReplyTo: string }[]>();
    for (const folder of await client.list()) {
      if (folder.flags.has('\\Noselect') || folder.flags.has('\\NonExistent')) continue;
      const lock = await client.getMailboxLock(folder.path);
      try {
        const list: { messageId: string; inReplyTo: string }[] = [];
        if (client.mailbox && client.mailbox.exists > 0)
          for await (const m of client.fetch('1:*', { envelope: true }))
            list.push({ messageId: m.envelope?.messageId ?? '', inReplyTo: m.envelope?.inReplyTo ?? '' });
        folders.set(folder.path, list);
      } finally {
        lock.release();
      }
    }
    return folders;
  });
}

/** Message-ID and In-Reply-To of what the SMTP test server received. */
export async function receivedHeaders(smtp: TestSmtpServer) {
  return Promise.all(
    smtp.received.map(async (r) => {
      const parsed = await simpleParser(r.raw);
      return { messageId: parsed.messageId ?? '', inReplyTo: parsed.inReplyTo ?? '', to: r.to };
    }),
  );
}

/** Up to `count` records of a corpus file (gzip JSON Lines with a `raw` field), or null when it is missing. */
export async function readCorpus(file: string, count = Infinity): Promise<string[] | null> {
  if (!existsSync(file)) return null;
  const raws: string[] = [];
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    const { raw } = JSON.parse(line) as { raw?: string };
    if (typeof raw === 'string') raws.push(raw);
    if (raws.length >= count) {
      lines.close();
      break;
    }
  }
  return raws;
}

/** A corpus message redelivered with a fresh Message-ID, the given sender and the mailbox as recipient. */
export function redeliver(raw: string, fields: { messageId: string; from: string; to: string }): string {
  const normal = raw.replace(/\r?\n/g, '\r\n');
  const split = normal.indexOf('\r\n\r\n');
  const head = split >= 0 ? normal.slice(0, split) : normal;
  const body = split >= 0 ? normal.slice(split + 4) : '';
  const replaced = new Set(['message-id', 'from', 'to', 'cc', 'bcc', 'sender', 'reply-to', 'in-reply-to', 'references']);
  const kept: string[] = [];
  let dropping = false;
  for (const line of head.split('\r\n')) {
    if (/^[ \t]/.test(line)) {
      if (!dropping) kept.push(line);
      continue;
    }
    dropping = replaced.has(
      line
        .slice(0, Math.max(0, line.indexOf(':')))
        .trim()
        .toLowerCase(),
    );
    if (!dropping) kept.push(line);
  }
  return (
    [`Message-ID: ${fields.messageId}`, `From: ${fields.from}`, `To: ${fields.to}`, ...kept].join('\r\n') + '\r\n\r\n' + body
  );
}

export async function until<T>(
  read: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  what = 'the pipeline',
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(250);
  }
}

/** A small seeded generator, so that a failing run's kill points can be replayed (HEAVY_SEED). */
export function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Counts per key of a list. */
export function countBy<T>(items: T[], key: (item: T) => string) {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
