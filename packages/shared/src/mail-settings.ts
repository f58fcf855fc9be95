import { z } from 'zod';
import { MAIL_SECURITIES, type MailSecurity } from './mail-presets';
import { DRY_RUN_MAX_DAYS } from './dry-run';

/** The mailbox connection and its options (spec 02 §3, §5; DESIGN §4, §10). Messages are i18n keys. */

export const MAIL_PROVIDERS = ['gmail', 'outlook', 'smtp'] as const;
export type MailProviderName = (typeof MAIL_PROVIDERS)[number];

/** DESIGN §10: response types are numbers. */
export const RESPONSE_TYPES = { disable: 0, instantReply: 1, saveDraft: 2, basedOnClassification: 3 } as const;
export type ResponseType = (typeof RESPONSE_TYPES)[keyof typeof RESPONSE_TYPES];

/**
 * Whether the assistant works on new mail: while it classifies or answers. The automatic
 * initialisation (`isSyncEnabled`) only decides whether past mail is read.
 */
export const assistantIsActive = (s: { responseType: number | null; isClassificationEnabled: boolean | null }) =>
  (s.responseType ?? RESPONSE_TYPES.disable) !== RESPONSE_TYPES.disable || s.isClassificationEnabled === true;

export const DEFAULT_TRACKED_MAILBOX = 'INBOX';
export const DEFAULT_SMTP_PORT = 465;
export const DEFAULT_IMAP_PORT = 993;
export const FETCH_RANGE_MAX_DAYS = 91;
export const FETCH_RANGE_WARNING_MS = 2500;
export const SETTINGS_TOAST_MS = 10_000;

export const responseTypeSchema = z.coerce
  .number({ error: 'mailSettings.validation.responseTypeRequired' })
  .int()
  .min(0, 'mailSettings.validation.responseTypeRequired')
  .max(3, 'mailSettings.validation.responseTypeRequired')
  .transform((value) => value as ResponseType);

const HOST = /^(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(?::\d{1,5})?$/i;

/** A domain, localhost or an IPv4 address, with an optional `:port` (spec 02 §5). */
export const mailHostSchema = z
  .string({ error: 'mailSettings.validation.invalidHost' })
  .trim()
  .toLowerCase()
  .regex(HOST, 'mailSettings.validation.invalidHost');

const portSchema = z.coerce
  .number({ error: 'mailSettings.validation.invalidPort' })
  .int('mailSettings.validation.invalidPort')
  .min(1, 'mailSettings.validation.invalidPort')
  .max(65535, 'mailSettings.validation.invalidPort');

/** Splits `host:port`; a port typed in the host wins over the port field. */
function splitHost(value: string, port: number) {
  const [host = value, typed] = value.split(':');
  return { host, port: typed ? Number(typed) : port };
}

/** What the smtp form sends: the spec's SMTP fields plus the IMAP ones DESIGN §4 adds. */
export const smtpSettingsInputSchema = z.object({
  name: z.string().trim().max(255).default(''),
  host: mailHostSchema,
  port: portSchema.default(DEFAULT_SMTP_PORT),
  secure: z.boolean().optional(),
  user: z.email('mailSettings.validation.invalidUser').trim().max(320, 'mailSettings.validation.invalidUser'),
  pass: z
    .string({ error: 'mailSettings.validation.passwordRequired' })
    .min(1, 'mailSettings.validation.passwordRequired')
    .max(1024),
  imapHost: mailHostSchema.optional().or(z.literal('').transform(() => undefined)),
  imapPort: portSchema.optional().or(z.literal('').transform(() => undefined)),
  imapSecure: z.boolean().optional(),
  /**
   * Each side's security when chosen: TLS, STARTTLS (required) or none, which only a private host
   * may have, where the server allows them (the server checks). It wins over `secure`/`imapSecure`.
   */
  smtpSecurity: z.enum(MAIL_SECURITIES, 'mailSettings.validation.invalidSecurity').optional(),
  imapSecurity: z.enum(MAIL_SECURITIES, 'mailSettings.validation.invalidSecurity').optional(),
  /** The IMAP login when it is not the e-mail address (many hosted IMAP accounts). */
  imapUser: z.string().trim().max(320).optional(),
  /** The SMTP login when it is not the e-mail address. */
  smtpUser: z.string().trim().max(320).optional(),
});
export type SmtpSettingsInput = z.input<typeof smtpSettingsInputSchema>;

/** The IMAP host a user most likely means: `smtp.` becomes `imap.`. */
export function defaultImapHost(smtpHost: string) {
  return smtpHost.replace(/^smtp\./i, 'imap.');
}

/**
 * A security chosen through the older boolean: true is TLS from the start; false only says "not TLS
 * from the start", which is what the port decides anyway (STARTTLS when offered on a private host
 * that may go without, required everywhere else): it stays unset. So the parsed settings, which carry
 * both booleans, parse again to the same settings (the web form submits what it parsed).
 */
const securityOf = (secure: boolean | undefined): MailSecurity | undefined => (secure ? 'tls' : undefined);

/**
 * The smtp settings with every default of DESIGN §4 applied. A side whose security was not chosen
 * ("by the port") has none in the result: 465 and 993 mean TLS, other ports STARTTLS when offered.
 */
export const smtpSettingsSchema = smtpSettingsInputSchema.transform((input) => {
  const smtp = splitHost(input.host, input.port);
  const imap = splitHost(input.imapHost ?? defaultImapHost(smtp.host), input.imapPort ?? DEFAULT_IMAP_PORT);
  const smtpSecurity = input.smtpSecurity ?? securityOf(input.secure);
  const imapSecurity = input.imapSecurity ?? securityOf(input.imapSecure);
  return {
    name: input.name,
    host: smtp.host,
    port: smtp.port,
    secure: smtpSecurity ? smtpSecurity === 'tls' : smtp.port === 465,
    user: input.user,
    pass: input.pass,
    imapHost: imap.host,
    imapPort: imap.port,
    imapSecure: imapSecurity ? imapSecurity === 'tls' : imap.port === 993,
    imapUser: input.imapUser || input.user,
    smtpUser: input.smtpUser || input.user,
    ...(smtpSecurity && { smtpSecurity }),
    ...(imapSecurity && { imapSecurity }),
  };
});
export type SmtpSettings = z.output<typeof smtpSettingsSchema>;
/**
 * The settings a stored connection opens with: those connected before `smtpUser` existed lack it,
 * and those connected before the security choice lack `smtpSecurity`/`imapSecurity`.
 */
export type SmtpConnectionSettings = Omit<SmtpSettings, 'smtpUser' | 'smtpSecurity' | 'imapSecurity'> & {
  smtpUser?: string;
  smtpSecurity?: MailSecurity;
  imapSecurity?: MailSecurity;
};

const dateSchema = z.coerce.date({ error: 'mailSettings.validation.invalidDate' });
const DAY_MS = 86_400_000;

/** Both spellings of the spec are accepted; the result is `{ start, end }` or null. */
export const fetchRangeInputSchema = z
  .union([
    z.object({ start: dateSchema, end: dateSchema }),
    z.object({ startDate: dateSchema, endDate: dateSchema }).transform((r) => ({ start: r.startDate, end: r.endDate })),
  ])
  .nullable()
  .superRefine((range, ctx) => {
    if (!range) return;
    if (range.end < range.start) ctx.addIssue({ code: 'custom', message: 'mailSettings.validation.invalidDate' });
    // A day of slack: "today" in the user's time zone may be tomorrow in UTC.
    if (range.end.getTime() > Date.now() + DAY_MS)
      ctx.addIssue({ code: 'custom', message: 'mailSettings.validation.futureDate' });
    if (fetchRangeDays(range.start, range.end) > FETCH_RANGE_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', message: 'mailSettings.validation.periodTooLong' });
    }
  });
export type FetchRangeInput = z.input<typeof fetchRangeInputSchema>;

/** Calendar days covered by a range, both ends included. */
export function fetchRangeDays(start: Date, end: Date) {
  const day = (d: Date) => Math.floor(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS);
  return day(end) - day(start) + 1;
}

/** Body of POST /api/email-settings (the connect payload). */
export const connectMailboxSchema = z
  .object({
    userId: z.string().optional(),
    provider: z.enum(MAIL_PROVIDERS, 'mailSettings.validation.providerRequired'),
    code: z.string().trim().min(1).max(4096).optional(),
    state: z.string().max(2048).optional(),
    responseType: responseTypeSchema,
    isSyncEnabled: z.boolean().default(true),
    isClassificationEnabled: z.boolean().default(true),
    fetchRangeDates: fetchRangeInputSchema.optional(),
    settings: smtpSettingsSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.provider === 'smtp' && !body.settings) {
      ctx.addIssue({ code: 'custom', path: ['settings'], message: 'mailSettings.validation.settingsRequired' });
    }
    if (body.provider !== 'smtp' && !body.code) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'mailSettings.validation.codeRequired' });
    }
  });
export type ConnectMailboxInput = z.input<typeof connectMailboxSchema>;

/** An authserv-id as providers write it: a host or domain name (mx.google.com, mail.example.org). */
const AUTHSERV_ID = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9][a-z0-9-]{0,62}$/;

/** Body of PUT /api/email-settings: the setting id plus the changed fields. */
export const updateMailSettingSchema = z.object({
  id: z.string().optional(),
  userId: z.string().optional(),
  responseType: responseTypeSchema.optional(),
  trackedMailbox: z.string().trim().min(1).max(1000).optional(),
  isSyncEnabled: z.boolean().optional(),
  isClassificationEnabled: z.boolean().optional(),
  moveSpamToJunk: z.boolean().optional(),
  /** The receiving server's authserv-id (a host name, RFC 8601 §2.5); null or "" forgets it. */
  authservId: z
    .string()
    .trim()
    .toLowerCase()
    .max(255)
    .regex(AUTHSERV_ID, 'mailSettings.validation.authservId')
    .or(z.literal(''))
    .nullable()
    .optional(),
  fetchRangeDates: fetchRangeInputSchema.optional(),
  /** Starts (or restarts) a dry run of that many days from now; 0 switches to live at once. */
  dryRunDays: z.number().int().min(0).max(DRY_RUN_MAX_DAYS, 'mailSettings.validation.dryRunDays').optional(),
});
export type UpdateMailSettingInput = z.input<typeof updateMailSettingSchema>;

export const userIdQuerySchema = z.object({ userId: z.string().optional() });
export const userIdBodySchema = z.object({ userId: z.string().optional() }).nullish();

export type MailboxNode = { id: string; name: string; shortName: string; specialUse: string | null; children: MailboxNode[] };
export const mailboxNodeSchema: z.ZodType<MailboxNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    shortName: z.string(),
    specialUse: z.string().nullable(),
    children: z.array(mailboxNodeSchema),
  }),
);

export const BATCH_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const BATCH_CATEGORIZE_STATUSES = [
  'QUEUED',
  'FETCHING',
  'ANALYZING',
  'REFINING',
  'FINALIZING',
  'COMPLETED',
  'FAILED',
] as const;

/** GET /api/email-settings: the setting, or null. Never carries a password or a token. */
export const mailSettingSchema = z.object({
  _id: z.string(),
  provider: z.enum(MAIL_PROVIDERS),
  username: z.string(),
  responseType: z.number().int(),
  mailboxes: z.array(mailboxNodeSchema),
  trackedMailbox: z.string(),
  isSyncEnabled: z.boolean(),
  isClassificationEnabled: z.boolean(),
  /** Likely spam is moved to the Junk folder instead of staying where it arrived, marked (off by default). */
  moveSpamToJunk: z.boolean(),
  /**
   * The authserv-id whose `Authentication-Results` are trusted for a `Reply-To` outside the sender's
   * domain (IMAP mailboxes; Gmail's is built in): set by the owner, or learned from received mail.
   */
  authservId: z.string().nullable(),
  authservIdSetByOwner: z.boolean(),
  /** In dry run until then (ISO date): actions are recorded for review, none is run; null: live. */
  dryRunUntil: z.string().nullable(),
  batchStatus: z.string().nullable(),
  batchCategorizeStatus: z.string().nullable(),
  /** How far the running batch has got (folders read, categories created). */
  batchProgress: z
    .object({
      job: z.enum(['initialisation', 'categorize']),
      done: z.number().int(),
      total: z.number().int(),
      error: z.string().optional(),
      /** The first run: listing the folders, reading their messages, then measuring and learning. */
      phase: z.enum(['listing', 'reading', 'learning']).optional(),
      startedAt: z.string().optional(),
      messagesDone: z.number().int().optional(),
      messagesTotal: z.number().int().optional(),
    })
    .nullable(),
  fetchRangeDates: z.object({ startDate: z.string(), endDate: z.string() }).nullable(),
  /** Why the mailbox stopped syncing (null while it works), and when it last synced. */
  syncError: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MailSetting = z.infer<typeof mailSettingSchema>;

/**
 * GET /api/email-settings/activity: what the assistant did with the mailbox's mail in the last 24
 * hours, and what needs the owner: sends that may or may not have left (never retried on their own).
 */
export const mailActivitySchema = z.object({
  /** The engine that classifies and drafts: 'local' or the LLM provider's name. */
  engine: z.string(),
  processed: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  inDoubt: z.array(z.object({ id: z.string(), subject: z.string(), to: z.array(z.string()), startedAt: z.string().nullable() })),
  /**
   * The owner's latest corrections (last day), each learned before the next message was classified:
   * `from` the category the assistant chose, `to` the one the owner chose (null: none, left in the inbox).
   */
  corrections: z.array(z.object({ subject: z.string(), from: z.string().nullable(), to: z.string().nullable(), at: z.string() })),
  /**
   * What the assistant held back over the last day, and why (`reason`: a HELD_BACK_REASONS code): an
   * automatic reply, draft or forward it did not write (`action`), or likely spam it only marked
   * (`action` null).
   */
  heldBack: z.array(
    z.object({
      subject: z.string(),
      action: z.enum(['reply', 'draft', 'forward']).nullable(),
      reason: z.string(),
      at: z.string(),
    }),
  ),
});

/** Why the assistant held a message back; the web app words each in both languages (others: a generic line). */
export const HELD_BACK_REASONS = [
  'likely_spam',
  'spam_suspected',
  'language_unsupported',
  'spam_flagged',
  'junk_folder',
  'auth_failed',
  'autoreply_text',
  'auto_submitted',
  'autoreply_header',
  'response_suppressed',
  'delivery_report',
  'null_sender',
  'precedence',
  'mailing_list',
  'system_sender',
  'own_address',
  'loop_marker',
  'recently_answered',
  'daily_cap',
  'reply_to_unverified',
  'no_question',
  'not_grounded',
  'question_unanswered',
  'internal_quoted',
  'precision_below',
] as const;
export type MailActivity = z.infer<typeof mailActivitySchema>;

/** PUT /api/email-settings answers the changed setting; `code` is read by the client. */
export const updateMailSettingResponseSchema = mailSettingSchema.extend({ code: z.string().optional() });

/** GET /api/default-configs */
export const defaultConfigsSchema = z.object({
  fetchRangeDates: z.object({ start: z.string(), end: z.string() }),
  maxFetchRangeDays: z.number().int(),
  providers: z.object({ gmail: z.boolean(), outlook: z.boolean(), smtp: z.boolean() }),
  /** The server accepts mail hosts on private networks (MAIL_ALLOW_PRIVATE_HOSTS), and only there plain connections. */
  privateMailHosts: z.boolean(),
});
export type DefaultConfigs = z.infer<typeof defaultConfigsSchema>;

/** GET /api/email-settings/verify */
export const verifyMailSettingSchema = z.object({ success: z.literal(true), message: z.string() });

/** Why a connection test failed: which login (imap|smtp|oauth) and the normalised reason. */
export const MAIL_CONNECT_REASONS = ['auth', 'tls', 'unreachable', 'timeout', 'refused_host', 'protocol'] as const;
export type MailConnectReason = (typeof MAIL_CONNECT_REASONS)[number];
export type MailConnectStage = 'imap' | 'smtp' | 'oauth';
