import { describe, expect, it } from 'vitest';
import { mailHostSchema } from './mail-settings';
import {
  emailDomain,
  emailLocalPart,
  hostOfMx,
  isMicrosoftDomain,
  MAIL_PRESETS,
  presetById,
  presetForDomain,
} from './mail-presets';

describe('mail presets', () => {
  it('are well formed: unique ids and domains, hosts the form accepts, known ports, https help pages', () => {
    const ids = MAIL_PRESETS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const domains = MAIL_PRESETS.flatMap((p) => p.domains);
    expect(new Set(domains).size).toBe(domains.length);
    for (const preset of MAIL_PRESETS) {
      expect(preset.domains.length + (preset.mx?.length ?? 0), preset.id).toBeGreaterThan(0);
      for (const server of [preset.imap, preset.smtp])
        expect(mailHostSchema.safeParse(server.host).success, server.host).toBe(true);
      expect([993, 143]).toContain(preset.imap.port);
      expect([465, 587]).toContain(preset.smtp.port);
      expect(preset.imap.security === 'tls').toBe(preset.imap.port === 993);
      expect(preset.smtp.security === 'tls').toBe(preset.smtp.port === 465);
      if (preset.help) expect(preset.help).toMatch(/^https:\/\//);
    }
    // Microsoft refuses password logins: none of its domains has a preset.
    expect(domains.filter(isMicrosoftDomain)).toEqual([]);
  });

  it('finds a preset by the domain of the address, in any case', () => {
    expect(presetForDomain('GMAIL.com')?.id).toBe('gmail');
    expect(presetForDomain('wanadoo.fr')).toMatchObject({ name: 'Orange', imap: { host: 'imap.orange.fr', port: 993 } });
    expect(presetForDomain('free.fr')).toMatchObject({ imapLogin: 'localPart', smtpLogin: 'localPart' });
    expect(presetForDomain('me.com')).toMatchObject({
      id: 'icloud',
      note: 'appPassword',
      smtp: { port: 587, security: 'starttls' },
    });
    expect(presetForDomain('example.com')).toBeNull();
    expect(presetById('ovh')?.imap.host).toBe('ssl0.ovh.net');
    expect(presetById('nope')).toBeNull();
  });

  it('knows Outlook.com domains, and Microsoft 365 and hosting providers by their MX hosts', () => {
    for (const domain of ['outlook.com', 'hotmail.fr', 'live.co.uk', 'msn.com', 'Outlook.FR'])
      expect(isMicrosoftDomain(domain)).toBe(true);
    for (const domain of ['gmail.com', 'outlook.example.com', 'mylive.com']) expect(isMicrosoftDomain(domain)).toBe(false);
    expect(hostOfMx(['shop-fr.mail.protection.outlook.com.'])).toEqual({ microsoft: true });
    expect(hostOfMx(['mx1.mail.ovh.net'])).toMatchObject({ preset: { id: 'ovh' } });
    expect(hostOfMx(['mx00.kundenserver.de'])).toMatchObject({ preset: { id: 'ionos-de' } });
    expect(hostOfMx(['ALT1.ASPMX.L.GOOGLE.COM'])).toMatchObject({ preset: { id: 'gmail' } });
    // A suffix matches whole labels only.
    expect(hostOfMx(['mx.notovh.net', 'mx.fakegoogle.com'])).toBeNull();
    expect(hostOfMx([])).toBeNull();
  });

  it('reads the domain and the local part of an address', () => {
    expect(emailDomain(' Me@Shop.Example.COM ')).toBe('shop.example.com');
    expect(emailDomain('me@localhost')).toBeNull();
    expect(emailDomain('me@')).toBeNull();
    expect(emailDomain('@shop.com')).toBeNull();
    expect(emailDomain('no-at-all')).toBeNull();
    expect(emailLocalPart('first.last@free.fr')).toBe('first.last');
  });
});
