import { z } from 'zod';
import { PHONE_MAX, PHONE_MIN, ROLE_MIN } from './constants';

/**
 * DESIGN §10: a value without a scheme gets https://, and www. when the host has no subdomain
 * (example.com → https://www.example.com, shop.example.com → https://shop.example.com).
 */
export function normalizeWebsite(raw: string): string {
  const value = raw.trim();
  if (!value || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return value;
  const host = value.split(/[/?#]/, 1)[0] ?? '';
  const hasSubdomain = host.split('.').length > 2;
  return `https://${hasSubdomain || host.startsWith('www.') ? '' : 'www.'}${value}`;
}

const websiteSchema = z.preprocess(
  (v) => (typeof v === 'string' ? normalizeWebsite(v) : v),
  z.union([
    z.literal(''),
    z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'profile.url.error' }).max(2048, 'profile.url.error'),
  ]),
);

const digits = (value: string) => value.replace(/\D/g, '').length;

/** Spec 02 §9 counts a phone number's digits (6 to 15), not its spaces, dots, dashes and brackets. */
const phoneSchema = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(PHONE_MAX * 2, 'profile.phone.tooLong')
    .regex(/^\+?\(?\d+\)?(?:[\s.-]?\(?\d+\)?)*$/, 'profile.phone.invalid')
    .refine((value) => digits(value) >= PHONE_MIN, 'profile.phone.tooShort')
    .refine((value) => digits(value) <= PHONE_MAX, 'profile.phone.tooLong'),
]);

const profileFields = z.object({
  businessSector: z.string({ error: 'profile.fieldRequired' }).trim().min(1, 'profile.fieldRequired').max(200),
  role: z.string({ error: 'profile.role.tooShort' }).trim().min(ROLE_MIN, 'profile.role.tooShort').max(100),
  phoneNumber: phoneSchema,
  website: websiteSchema,
});

/** The languages system mail (the daily digest) is written in. */
export const MAIL_LANGUAGES = ['en', 'fr'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** The canonical IANA name of a time zone the runtime knows ('europe/paris' → 'Europe/Paris'), or null. */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const timeZoneSchema = z
  .string()
  .max(64, 'profile.timeZone.invalid')
  .transform((name, ctx) => {
    const canonical = canonicalTimeZone(name);
    if (canonical === null) ctx.addIssue({ code: 'custom', message: 'profile.timeZone.invalid' });
    return canonical ?? name;
  });

/** Issue 36, item 4: the owner's language and time zone (captured from the browser), and the digest switch. */
const digestFields = z.object({
  language: z.enum(MAIL_LANGUAGES, { error: 'profile.language.invalid' }),
  timeZone: timeZoneSchema,
  dailyDigest: z.boolean(),
});

/**
 * The profile form and the body of POST /api/user-profiles (spec 01 §3, §5); the browser's language
 * and time zone come with it when they are known.
 */
export const profileInputSchema = profileFields.extend({
  phoneNumber: phoneSchema.default(''),
  website: websiteSchema.default(''),
  language: digestFields.shape.language.optional(),
  timeZone: timeZoneSchema.optional(),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

/**
 * PUT /api/user-profiles/{id}: changed fields only (no defaults: a field left out is left alone),
 * and the help guide's flags (spec 02 §2).
 */
export const profileUpdateSchema = profileFields.partial().extend({
  ...digestFields.partial().shape,
  showGuide: z.boolean().optional(),
  helpGuideSeen: z.literal(true).optional(),
  gettingStartedClosed: z.literal(true).optional(),
});

export const profileSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  email: z.string(),
  businessSector: z.string(),
  role: z.string(),
  phoneNumber: z.string(),
  website: z.string(),
  /** null: not captured from a browser yet (system mail in English). */
  language: z.enum(MAIL_LANGUAGES).nullable(),
  /** null: not captured from a browser yet (the digest at 8:00 UTC). */
  timeZone: z.string().nullable(),
  dailyDigest: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const enterpriseCategoriesSchema = z.array(
  z.object({ group: z.string(), options: z.array(z.object({ value: z.string(), label: z.string() })) }),
);
export type EnterpriseCategories = z.infer<typeof enterpriseCategoriesSchema>;

export const langQuerySchema = z.object({ lang: z.enum(['en', 'fr', 'es']).catch('en').default('en') });

/** POST /api/digest/off: the daily digest's one-click "turn off" link (no session; the signed token is the credential). */
export const digestOffSchema = z.object({ token: z.string().min(1).max(400) });
