import { presetForDomain } from '@app/shared/mail-presets';
import { describe, expect, it } from 'vitest';
import { fieldsToFill, filledAfter, guessFromDiscovery, guessFromPreset, type GuessedValues } from './server-guess';

const blank: GuessedValues = { 'settings.host': '', 'settings.imapHost': '', 'settings.imapPort': 993 };
const gmail = guessFromPreset(presetForDomain('gmail.com')!, 'me@gmail.com', 'gmail.com');
const free = guessFromPreset(presetForDomain('free.fr')!, 'jean.dupont@free.fr', 'free.fr');

describe('server guesses', () => {
  it('take both sides of a preset, and the part before the @ as login where the host wants it', () => {
    expect(gmail.values).toEqual({
      'settings.host': 'smtp.gmail.com',
      'settings.port': 465,
      'settings.smtpSecurity': 'tls',
      'settings.imapHost': 'imap.gmail.com',
      'settings.imapPort': 993,
      'settings.imapSecurity': 'tls',
    });
    expect(free.values).toMatchObject({ 'settings.imapUser': 'jean.dupont', 'settings.smtpUser': 'jean.dupont' });
  });

  it("read the server's answer: a preset found by MX, SRV servers, nothing, or Microsoft (no guess)", () => {
    const none = { source: 'none', preset: null, microsoft: false, imap: null, smtp: null } as const;
    expect(guessFromDiscovery({ ...none, source: 'mx', preset: 'ovh' }, 'me@shop.fr', 'shop.fr')).toMatchObject({
      preset: { name: 'OVHcloud' },
      values: { 'settings.host': 'ssl0.ovh.net', 'settings.imapHost': 'ssl0.ovh.net' },
    });
    const srv = guessFromDiscovery(
      { ...none, source: 'srv', imap: { host: 'mail.shop.fr', port: 143, security: 'starttls' } },
      'me@shop.fr',
      'shop.fr',
    );
    expect(srv).toEqual({
      preset: null,
      domain: 'shop.fr',
      values: { 'settings.imapHost': 'mail.shop.fr', 'settings.imapPort': 143, 'settings.imapSecurity': 'starttls' },
    });
    expect(guessFromDiscovery(none, 'me@shop.fr', 'shop.fr')).toBeNull();
    expect(guessFromDiscovery({ ...none, source: 'mx', microsoft: true }, 'me@shop.fr', 'shop.fr')).toBeNull();
  });
});

describe('fieldsToFill', () => {
  it('fills blank fields; the IMAP port still at 993 may change, and here already holds the guess', () => {
    const { 'settings.imapPort': _port, ...rest } = gmail.values;
    expect(fieldsToFill(gmail, blank, {})).toEqual(rest);
    const srv = guessFromDiscovery(
      {
        source: 'srv',
        preset: null,
        microsoft: false,
        smtp: null,
        imap: { host: 'mail.shop.fr', port: 143, security: 'starttls' },
      },
      'me@shop.fr',
      'shop.fr',
    )!;
    expect(fieldsToFill(srv, blank, {})).toMatchObject({ 'settings.imapPort': 143 });
  });

  it('never changes what the user typed, and leaves a side whose host was typed alone', () => {
    const typed = { ...blank, 'settings.imapHost': 'mail.mine.fr', 'settings.port': 2525 };
    expect(fieldsToFill(gmail, typed, {})).toEqual({
      'settings.host': 'smtp.gmail.com',
      'settings.smtpSecurity': 'tls',
    });
  });

  it('replaces what an earlier guess filled when the address changes, and blanks what the new one does not set', () => {
    const afterGmail = { ...blank, ...gmail.values };
    expect(fieldsToFill(free, afterGmail, gmail.values)).toEqual({
      'settings.host': 'smtp.free.fr',
      'settings.smtpUser': 'jean.dupont',
      'settings.imapHost': 'imap.free.fr',
      'settings.imapUser': 'jean.dupont',
    });
    const afterFree = { ...afterGmail, ...free.values };
    expect(fieldsToFill(null, afterFree, free.values)).toEqual({
      'settings.host': '',
      'settings.port': undefined,
      'settings.smtpSecurity': undefined,
      'settings.smtpUser': undefined,
      'settings.imapHost': '',
      'settings.imapSecurity': undefined,
      'settings.imapUser': undefined,
    });
    // The user changed the IMAP host the guess had filled: that side is theirs now.
    const edited = { ...afterFree, 'settings.imapHost': 'imap.other.fr' };
    expect(fieldsToFill(gmail, edited, free.values)).not.toHaveProperty('settings.imapHost');
    expect(fieldsToFill(gmail, edited, free.values)).not.toHaveProperty('settings.imapUser');
  });

  it('remembers only the values that are the guess’s own once set', () => {
    const typed = { ...blank, 'settings.imapHost': 'mail.mine.fr' };
    const updates = fieldsToFill(gmail, typed, {});
    expect(filledAfter(gmail, typed, {}, updates)).toEqual(updates);
    expect(filledAfter(null, typed, gmail.values, {})).toEqual({});
  });
});
