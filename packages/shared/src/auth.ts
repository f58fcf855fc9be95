import { z } from 'zod';
import { firstPasswordProblem } from './password';

const email = z.email({ error: 'auth.invalidEmail' });

/**
 * The sign-up form (spec 01 §5): only the first failing message is shown, in this order —
 * confirmation match, e-mail validity, then the password rules.
 */
export const signUpSchema = z
  .object({
    email: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    const problem = signUpProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

export function signUpProblem(value: SignUpInput): { field: keyof SignUpInput; message: string } | null {
  if (!value.email || !value.password) return { field: 'email', message: 'auth.invalidEmailOrPassword' };
  if (value.password !== value.confirmPassword) return { field: 'confirmPassword', message: 'auth.passwordNotmatch' };
  if (!email.safeParse(value.email).success) return { field: 'email', message: 'auth.invalidEmail' };
  const passwordProblem = firstPasswordProblem(value.password);
  if (passwordProblem) return { field: 'password', message: passwordProblem };
  return null;
}

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** Body of POST /api/users/verify: `uid` carries the decoded single-use hand-off token. */
export const verifyHandoffSchema = z.object({ uid: z.string().min(16).max(200) });

export const handoffTokenSchema = z.object({ token: z.string(), expiresInSeconds: z.number() });

/** The session user of spec 01 §3, assembled on the server by GET /api/session. */
export const sessionUserSchema = z.object({
  uid: z.string(),
  profileId: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  businessSector: z.string().nullable(),
  role: z.string().nullable(),
  website: z.string().nullable(),
  /** The profile's language and time zone (issue 36, item 4); null until a browser reports them. */
  language: z.enum(['en', 'fr']).nullable(),
  timeZone: z.string().nullable(),
  billable: z.boolean(),
  subscriptionStatus: z.string(),
  subscriptionBillingCycle: z.enum(['monthly', 'yearly']),
  plan: z.string(),
  quota: z.object({ exceeded: z.object({ credits: z.boolean(), emailAddresses: z.boolean() }) }),
  referrerId: z.string().nullable(),
  metadata: z.object({ hasAiConfig: z.boolean() }),
  createdAt: z.string(),
  settings: z.object({ provider: z.string() }).nullable(),
  showGuide: z.boolean(),
  /** The help guide was opened once (in any browser): it does not open by itself again. */
  helpGuideSeen: z.boolean(),
  /** The Getting started button was closed (in any browser): it stays closed. */
  gettingStartedClosed: z.boolean(),
  /** How the account signs in: 'credential', 'google', 'microsoft'. */
  providers: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Which social providers the server has credentials for. */
export const authConfigSchema = z.object({
  google: z.boolean(),
  microsoft: z.boolean(),
  billing: z.boolean(),
  /** Whether this server can connect mailboxes; the mail-provider guard applies only then. */
  mailbox: z.boolean(),
  /** Configured tutorial video addresses by tutorial id (`TUTORIAL_VIDEOS`); the others are hidden. */
  tutorialVideos: z.record(z.string(), z.string()).default({}),
  /** Download addresses of the add-ins in their stores, when configured. */
  addins: z.object({ outlook: z.string().nullable(), gmail: z.string().nullable() }).default({ outlook: null, gmail: null }),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
