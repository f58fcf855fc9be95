import { describe, expect, it } from 'vitest';
import { imapTlsOptions, smtpTlsOptions, transportSecurity } from './transport-security';

describe('transport security', () => {
  it('keeps a chosen security whatever the port says', () => {
    expect(transportSecurity('tls', false, false)).toBe('tls');
    expect(transportSecurity('starttls', true, true)).toBe('starttls');
    expect(transportSecurity('none', false, true)).toBe('none');
  });

  it('"by the port": TLS on secure ports; otherwise STARTTLS when offered on private hosts, required on public ones', () => {
    expect(transportSecurity(undefined, true, false)).toBe('tls');
    expect(transportSecurity(undefined, false, true)).toBe('opportunistic');
    expect(transportSecurity(undefined, false, false)).toBe('starttls');
  });

  it('tells imapflow and nodemailer exactly that', () => {
    expect(imapTlsOptions('tls')).toEqual({ secure: true });
    expect(imapTlsOptions('starttls')).toEqual({ secure: false, doSTARTTLS: true });
    expect(imapTlsOptions('none')).toEqual({ secure: false, doSTARTTLS: false });
    expect(imapTlsOptions('opportunistic')).toEqual({ secure: false });
    expect(smtpTlsOptions('tls')).toEqual({ secure: true });
    expect(smtpTlsOptions('starttls')).toEqual({ secure: false, requireTLS: true });
    expect(smtpTlsOptions('none')).toEqual({ secure: false, ignoreTLS: true });
    expect(smtpTlsOptions('opportunistic')).toEqual({ secure: false });
  });
});
