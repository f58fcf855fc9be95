import { describe, expect, it } from 'vitest';
import {
  connectMailboxSchema,
  fetchRangeDays,
  fetchRangeInputSchema,
  smtpSettingsSchema,
  updateMailSettingSchema,
} from './mail-settings';

const smtp = { name: 'Shop', host: 'smtp.example.com', port: 465, user: 'owner@example.com', pass: 'secret' };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error!.issues[0]!.message;
}

describe('smtp settings', () => {
  it('derives the IMAP side from the SMTP host (smtp. → imap., 993) and TLS from the ports', () => {
    expect(smtpSettingsSchema.parse(smtp)).toEqual({
      ...smtp,
      secure: true,
      imapHost: 'imap.example.com',
      imapPort: 993,
      imapSecure: true,
      imapUser: 'owner@example.com',
      smtpUser: 'owner@example.com',
    });
    expect(smtpSettingsSchema.parse({ ...smtp, imapUser: 'owner-imap', smtpUser: 'owner-smtp' })).toMatchObject({
      user: 'owner@example.com',
      imapUser: 'owner-imap',
      smtpUser: 'owner-smtp',
    });
  });

  it('keeps what the user typed: IMAP fields, a port in the host, STARTTLS ports', () => {
    const parsed = smtpSettingsSchema.parse({
      ...smtp,
      host: 'Mail.Example.com:587',
      imapHost: 'mx.example.com',
      imapPort: '143',
    });
    expect(parsed).toMatchObject({
      host: 'mail.example.com',
      port: 587,
      secure: false,
      imapHost: 'mx.example.com',
      imapPort: 143,
      imapSecure: false,
    });
  });

  it.each([
    ['http://smtp.example.com', 'mailSettings.validation.invalidHost'],
    ['smtp example.com', 'mailSettings.validation.invalidHost'],
    ['', 'mailSettings.validation.invalidHost'],
  ])('refuses the host %j', (host, message) => {
    expect(firstMessage(smtpSettingsSchema.safeParse({ ...smtp, host }))).toBe(message);
  });

  it('accepts localhost and IPv4 hosts', () => {
    expect(smtpSettingsSchema.parse({ ...smtp, host: 'localhost:2525' }).port).toBe(2525);
    expect(smtpSettingsSchema.parse({ ...smtp, host: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it("keeps each side's chosen security, which wins over the port and the older booleans", () => {
    expect(smtpSettingsSchema.parse({ ...smtp, smtpSecurity: 'starttls', imapSecurity: 'none', imapPort: 993 })).toMatchObject({
      secure: false,
      smtpSecurity: 'starttls',
      imapSecure: false,
      imapSecurity: 'none',
    });
    // `secure: true` is TLS; `secure: false` is "by the port", as if unset.
    const byThePort = smtpSettingsSchema.parse({ ...smtp, port: 587, secure: false, imapSecure: true });
    expect(byThePort).toMatchObject({ secure: false, imapSecure: true, imapSecurity: 'tls' });
    expect(byThePort).not.toHaveProperty('smtpSecurity');
    // What the form submits is what it parsed: parsed again, it connects the same way (port 587 by
    // the port, not a required STARTTLS; 993 TLS either way).
    const submitted = smtpSettingsSchema.parse({ ...smtp, port: 587 });
    expect(smtpSettingsSchema.parse(submitted)).toMatchObject(submitted);
    expect(smtpSettingsSchema.parse(submitted)).not.toHaveProperty('smtpSecurity');
    expect(smtpSettingsSchema.parse({ ...smtp, smtpSecurity: 'tls', secure: false })).toMatchObject({
      secure: true,
      smtpSecurity: 'tls',
    });
    expect(firstMessage(smtpSettingsSchema.safeParse({ ...smtp, imapSecurity: 'ssl' }))).toBe(
      'mailSettings.validation.invalidSecurity',
    );
  });

  it('wants an e-mail as user and an integer port', () => {
    expect(firstMessage(smtpSettingsSchema.safeParse({ ...smtp, user: 'owner' }))).toBe('mailSettings.validation.invalidUser');
    expect(firstMessage(smtpSettingsSchema.safeParse({ ...smtp, port: 46.5 }))).toBe('mailSettings.validation.invalidPort');
  });
});

describe('fetch range', () => {
  const today = new Date();
  const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000);

  it('accepts both spellings and null', () => {
    const range = { start: daysAgo(10).toISOString(), end: today.toISOString() };
    expect(fetchRangeInputSchema.parse(range)).toEqual({ start: new Date(range.start), end: new Date(range.end) });
    expect(fetchRangeInputSchema.parse({ startDate: range.start, endDate: range.end })).toEqual({
      start: new Date(range.start),
      end: new Date(range.end),
    });
    expect(fetchRangeInputSchema.parse(null)).toBeNull();
  });

  it('allows 91 days and refuses 92', () => {
    expect(fetchRangeDays(daysAgo(90), today)).toBe(91);
    expect(fetchRangeInputSchema.safeParse({ start: daysAgo(90), end: today }).success).toBe(true);
    expect(firstMessage(fetchRangeInputSchema.safeParse({ start: daysAgo(91), end: today }))).toBe(
      'mailSettings.validation.periodTooLong',
    );
  });

  it('refuses future and reversed ranges', () => {
    expect(firstMessage(fetchRangeInputSchema.safeParse({ start: today, end: daysAgo(-5) }))).toBe(
      'mailSettings.validation.futureDate',
    );
    expect(firstMessage(fetchRangeInputSchema.safeParse({ start: today, end: daysAgo(3) }))).toBe(
      'mailSettings.validation.invalidDate',
    );
  });
});

describe('connect payload', () => {
  it('needs smtp settings for smtp and a code for gmail/outlook', () => {
    expect(firstMessage(connectMailboxSchema.safeParse({ provider: 'smtp', responseType: 2 }))).toBe(
      'mailSettings.validation.settingsRequired',
    );
    expect(firstMessage(connectMailboxSchema.safeParse({ provider: 'gmail', responseType: 2 }))).toBe(
      'mailSettings.validation.codeRequired',
    );
    expect(connectMailboxSchema.parse({ provider: 'outlook', responseType: '3', code: 'abc' })).toMatchObject({
      responseType: 3,
      isSyncEnabled: true,
      isClassificationEnabled: true,
    });
  });

  it('requires a response type between 0 and 3', () => {
    expect(firstMessage(connectMailboxSchema.safeParse({ provider: 'smtp', settings: smtp, responseType: 7 }))).toBe(
      'mailSettings.validation.responseTypeRequired',
    );
  });

  it('updates take only the known fields', () => {
    expect(updateMailSettingSchema.parse({ id: 'x', responseType: 0, unknown: 1 })).toEqual({ id: 'x', responseType: 0 });
  });
});
