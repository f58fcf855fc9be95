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

/** The profile form and the body of POST /api/user-profiles (spec 01 §3, §5). */
export const profileInputSchema = profileFields.extend({
  phoneNumber: phoneSchema.default(''),
  website: websiteSchema.default(''),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

/**
 * PUT /api/user-profiles/{id}: changed fields only (no defaults: a field left out is left alone),
 * and the help guide's flags (spec 02 §2).
 */
export const profileUpdateSchema = profileFields.partial().extend({
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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const enterpriseCategoriesSchema = z.array(
  z.object({ group: z.string(), options: z.array(z.object({ value: z.string(), label: z.string() })) }),
);
export type EnterpriseCategories = z.infer<typeof enterpriseCategoriesSchema>;

export const langQuerySchema = z.object({ lang: z.enum(['en', 'fr', 'es']).catch('en').default('en') });
