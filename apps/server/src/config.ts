import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isTutorialId, type TutorialId } from '@app/shared/tutorials';
import { ASSISTANT_ASKS_PER_MINUTE } from '@app/shared/assistant';
import { z } from 'zod';

const flag = z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Mail Assistant <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT_ID: z.string().default('common'),
  /** Test and proxy setups: every Google (or Microsoft) endpoint under this base URL instead of the public hosts. */
  GOOGLE_ENDPOINT_BASE: z.string().url().optional(),
  MICROSOFT_ENDPOINT_BASE: z.string().url().optional(),
  /** Gmail push: the Pub/Sub topic `users.watch` publishes to, and who signs the push subscription's OIDC tokens. */
  GMAIL_PUBSUB_TOPIC: z
    .string()
    .regex(/^projects\/[^/]+\/topics\/[^/]+$/, 'must be projects/<project>/topics/<topic>')
    .optional(),
  GMAIL_PUSH_SERVICE_ACCOUNT: z.string().email().optional(),
  /** The push tokens' audience (default: the endpoint, `$APP_URL/api/webhooks/gmail`). */
  GMAIL_PUSH_AUDIENCE: z.string().optional(),
  /** Outlook push: the public HTTPS address Graph posts change notifications to (`…/api/webhooks/outlook`). */
  OUTLOOK_NOTIFICATION_URL: z.string().url().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Test setups: Stripe's API under this base URL instead of https://api.stripe.com. */
  STRIPE_ENDPOINT_BASE: z.string().url().optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  MAIL_ALLOW_PRIVATE_HOSTS: flag.optional(),
  SUPPORT_EMAIL: z.string().email().optional(),
  /** Tutorial videos: `id=url` pairs separated by commas or spaces (ids in @app/shared/tutorials). */
  TUTORIAL_VIDEOS: z.string().optional(),
  /** Download addresses of the Outlook and Gmail add-ins (their stores). */
  OUTLOOK_ADDIN_URL: z.string().url().optional(),
  GMAIL_ADDIN_URL: z.string().url().optional(),
  /** Invitation mails an owner may send per 24 hours. */
  INVITATIONS_PER_DAY: z.coerce.number().int().positive().default(10_000),
  /** The LLM engine (DESIGN §6); unset: the local engine. */
  AI_PROVIDER: z.enum(['openai', 'anthropic', 'mistral', 'openai-compatible']).optional(),
  AI_MODEL: z.string().optional(),
  AI_API_KEY: z.string().optional(),
  AI_BASE_URL: z.string().url().optional(),
  /** The tokens a draft's prompt may take (the knowledge and past replies are cut to fit; default 8,000). */
  AI_CONTEXT_TOKENS: z.coerce.number().int().min(1_000).max(1_000_000).optional(),
  /** Questions to the chat assistant per user per minute (POST /api/ai/ask and its stream together). */
  ASSISTANT_ASKS_PER_MINUTE: z.coerce.number().int().positive().default(ASSISTANT_ASKS_PER_MINUTE),
  /** Automatic sends (replies and forwards) per mailbox per day (DESIGN §5.4). */
  AUTO_SENDS_PER_DAY: z.coerce.number().int().positive().default(200),
  /** The most mailboxes one worker holds (each an open IMAP connection or a poll); unset: its fair share, no cap. */
  WORKER_MAX_MAILBOXES: z.coerce.number().int().positive().optional(),
  TRUST_PROXY: flag.default(false),
  /** Scales every auth rate limit (the end-to-end suite raises it; production keeps 1). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** GET /api/metrics: with a token, `Authorization: Bearer <token>`; without, loopback scrapers only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A metrics-only listener (for ROLE=worker, which has no HTTP server). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export type Config = ReturnType<typeof loadConfig>;

/** Reads the environment once; fails fast with a readable list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable means "not set", as in most deployment tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.AI_PROVIDER && !e.AI_MODEL) throw new Error('Invalid configuration:\n  AI_MODEL: required when AI_PROVIDER is set');
  if (e.GMAIL_PUBSUB_TOPIC && !e.GMAIL_PUSH_SERVICE_ACCOUNT)
    throw new Error('Invalid configuration:\n  GMAIL_PUSH_SERVICE_ACCOUNT: required when GMAIL_PUBSUB_TOPIC is set');
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const secrets = resolveSecrets(e, dataDir, production);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google: pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
    microsoft: pair(e.MICROSOFT_CLIENT_ID, e.MICROSOFT_CLIENT_SECRET, e.MICROSOFT_TENANT_ID),
    vendorEndpointBases: {
      google: e.GOOGLE_ENDPOINT_BASE?.replace(/\/$/, ''),
      microsoft: e.MICROSOFT_ENDPOINT_BASE?.replace(/\/$/, ''),
    },
    push: {
      gmail: e.GMAIL_PUBSUB_TOPIC
        ? {
            topic: e.GMAIL_PUBSUB_TOPIC,
            serviceAccount: e.GMAIL_PUSH_SERVICE_ACCOUNT ?? '',
            audience: e.GMAIL_PUSH_AUDIENCE ?? `${appUrl}/api/webhooks/gmail`,
          }
        : null,
      outlook: e.OUTLOOK_NOTIFICATION_URL ? { notificationUrl: e.OUTLOOK_NOTIFICATION_URL } : null,
    },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          endpointBase: e.STRIPE_ENDPOINT_BASE,
        }
      : null,
    billingEnabled: Boolean(e.STRIPE_SECRET_KEY),
    encryptionKey: secrets.encryptionKey,
    authSecret: secrets.authSecret,
    role: e.ROLE,
    mailAllowPrivateHosts: e.MAIL_ALLOW_PRIVATE_HOSTS ?? !production,
    supportEmail: e.SUPPORT_EMAIL,
    tutorialVideos: parseTutorialVideos(e.TUTORIAL_VIDEOS),
    addins: { outlook: e.OUTLOOK_ADDIN_URL ?? null, gmail: e.GMAIL_ADDIN_URL ?? null },
    invitationsPerDay: e.INVITATIONS_PER_DAY,
    ai: e.AI_PROVIDER
      ? {
          provider: e.AI_PROVIDER,
          model: e.AI_MODEL ?? '',
          apiKey: e.AI_API_KEY,
          baseUrl: e.AI_BASE_URL,
          contextTokens: e.AI_CONTEXT_TOKENS,
        }
      : null,
    autoSendsPerDay: e.AUTO_SENDS_PER_DAY,
    workerMaxMailboxes: e.WORKER_MAX_MAILBOXES,
    assistantAsksPerMinute: e.ASSISTANT_ASKS_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    logLevel: e.LOG_LEVEL,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
  };
}

/** `TUTORIAL_VIDEOS`: every id must be a tutorial's and every address http(s), or startup fails. */
function parseTutorialVideos(value: string | undefined): Partial<Record<TutorialId, string>> {
  const videos: Partial<Record<TutorialId, string>> = {};
  for (const pairText of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
    const [id = '', url = ''] = pairText.split(/=(.*)/s);
    if (!isTutorialId(id) || !/^https?:\/\/[^\s]+$/.test(url) || !URL.canParse(url)) {
      throw new Error(`Invalid configuration:\n  TUTORIAL_VIDEOS: "${pairText}" is not <tutorial id>=<http(s) address>`);
    }
    videos[id] = url;
  }
  return videos;
}

function pair(clientId?: string, clientSecret?: string, tenantId?: string) {
  return clientId && clientSecret ? { clientId, clientSecret, tenantId } : null;
}

type Secrets = { encryptionKey: string; authSecret: string };

/** Secrets not given are generated once into $DATA_DIR/secrets.json (0600); production requires them. */
function resolveSecrets(e: z.infer<typeof envSchema>, dataDir: string, production: boolean): Secrets {
  if (e.ENCRYPTION_KEY && e.AUTH_SECRET) return { encryptionKey: e.ENCRYPTION_KEY, authSecret: e.AUTH_SECRET };
  if (production)
    throw new Error('Invalid configuration:\n  ENCRYPTION_KEY and AUTH_SECRET are required when NODE_ENV=production');
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    encryptionKey: e.ENCRYPTION_KEY ?? stored.encryptionKey ?? randomBytes(32).toString('hex'),
    authSecret: e.AUTH_SECRET ?? stored.authSecret ?? randomBytes(32).toString('base64url'),
  };
  if (stored.encryptionKey !== secrets.encryptionKey || stored.authSecret !== secrets.authSecret) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
