import type { MailSecurity } from '@app/shared/mail-presets';

/**
 * How one side connects: TLS from the start, STARTTLS required, STARTTLS when the server offers it,
 * or never encrypted. A side whose security was chosen gets exactly that; one left "by the port"
 * (connections made before the choice existed, or "auto") is TLS on `secure` ports and otherwise
 * upgrades when offered, which a private host may decline; a public one must upgrade, or an
 * attacker on the path could strip STARTTLS and read the password.
 */
export type TransportSecurity = 'tls' | 'starttls' | 'opportunistic' | 'none';

export function transportSecurity(chosen: MailSecurity | undefined, secure: boolean, allowPrivate: boolean): TransportSecurity {
  if (chosen) return chosen;
  if (secure) return 'tls';
  return allowPrivate ? 'opportunistic' : 'starttls';
}

/** imapflow's options for it. */
export function imapTlsOptions(security: TransportSecurity): { secure: boolean; doSTARTTLS?: boolean } {
  if (security === 'tls') return { secure: true };
  if (security === 'starttls') return { secure: false, doSTARTTLS: true };
  if (security === 'none') return { secure: false, doSTARTTLS: false };
  return { secure: false };
}

/** nodemailer's options for it. */
export function smtpTlsOptions(security: TransportSecurity): { secure: boolean; requireTLS?: boolean; ignoreTLS?: boolean } {
  if (security === 'tls') return { secure: true };
  if (security === 'starttls') return { secure: false, requireTLS: true };
  if (security === 'none') return { secure: false, ignoreTLS: true };
  return { secure: false };
}
