import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { actionMail, requestLanguage } from './templates';

const log = pino({ level: 'silent' });

describe('system mailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes an .eml file per message to the outbox without SMTP', async () => {
    const mailer = createMailer({ from: 'App <no-reply@localhost>', outboxDir: dir, log });
    await mailer.send(actionMail('verify', 'fr', 'a@example.com', 'http://localhost:3000/api/auth/verify-email?token=t&x=<b>'));
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: a@example.com$/m);
    expect(eml).toMatch(/Subject: =\?UTF-8\?Q\?V=C3=A9rifiez/);
    expect(eml).toContain('&lt;b&gt;');
  });

  it('delivers through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'App <no-reply@localhost>', outboxDir: dir, log });
      await mailer.send(actionMail('reset', 'en', 'b@example.com', 'http://localhost:3000/reset?token=abc'));
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/Subject: Reset your password/);
      const decoded = received[0]!.replace(/=\r\n/g, '').replaceAll('=3D', '=');
      expect(decoded).toContain('http://localhost:3000/reset?token=abc');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("picks the recipient's language from the app cookie, then Accept-Language", () => {
    expect(requestLanguage(new Headers({ cookie: 'a=1; i18next=fr' }))).toBe('fr');
    expect(requestLanguage(new Headers({ 'accept-language': 'es-ES,es;q=0.9' }))).toBe('es');
    expect(requestLanguage(new Headers({ 'accept-language': 'de-DE' }))).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
  });
});
