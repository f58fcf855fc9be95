import { z } from 'zod';

/** GET /api/email-settings/discover: the mail servers guessed from an address (docs/decisions.md). */
export const mailDiscoveryQuerySchema = z.object({
  email: z.email('mailSettings.validation.invalidUser').trim().max(320, 'mailSettings.validation.invalidUser'),
});

const serverGuessSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(['tls', 'starttls']),
});

export const mailDiscoverySchema = z.object({
  /**
   * Where the guess comes from: the bundled presets by the domain (`preset`) or by its MX hosts
   * (`mx`), the domain's SRV records (`srv`, RFC 6186 and 8314), or nowhere (`none`).
   */
  source: z.enum(['preset', 'mx', 'srv', 'none']),
  /** The preset's id (`preset`, `mx`): its name, login and note are in @app/shared/mail-presets. */
  preset: z.string().nullable(),
  /** Outlook.com or Microsoft 365: password logins are refused there, the Outlook card connects it. */
  microsoft: z.boolean(),
  imap: serverGuessSchema.nullable(),
  smtp: serverGuessSchema.nullable(),
});
export type MailDiscovery = z.infer<typeof mailDiscoverySchema>;
export type MailServerGuessWire = z.infer<typeof serverGuessSchema>;
