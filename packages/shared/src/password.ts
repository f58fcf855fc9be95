import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARS } from './constants';

const specialChar = new RegExp(`[${PASSWORD_SPECIAL_CHARS.replace(/[\\\]^-]/g, '\\$&')}]`);

/** The live checklist of spec 01 §5, in display order; `key` is the i18n key of the message. */
export const passwordRules = [
  { key: 'auth.password.minimumLength', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { key: 'auth.password.uppercase', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'auth.password.lowercase', test: (p: string) => /[a-z]/.test(p) },
  { key: 'auth.password.digit', test: (p: string) => /\d/.test(p) },
  { key: 'auth.password.special', test: (p: string) => specialChar.test(p) },
] as const;

/** The i18n key of the first unmet rule, or null. */
export function firstPasswordProblem(password: string): string | null {
  return passwordRules.find((rule) => !rule.test(password))?.key ?? null;
}
