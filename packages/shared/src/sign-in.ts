/**
 * The sign-in form (spec 01 §5): both fields are required, the e-mail without its surrounding
 * spaces. Kept apart from `auth.ts` so that the sign-in page does not load zod.
 */
export type SignInInput = { email: string; password: string };

/** The i18n key of the form's problem, or null. */
export function signInProblem({ email, password }: SignInInput): string | null {
  return email.trim() && password ? null : 'auth.emailPasswordRequired';
}
