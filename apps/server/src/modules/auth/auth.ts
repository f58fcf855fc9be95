import { firstPasswordProblem } from '@app/shared/password';
import { HANDOFF_TOKEN_TTL_SECONDS, PASSWORD_MIN_LENGTH } from '@app/shared/constants';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { oneTimeToken } from 'better-auth/plugins/one-time-token';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index';
import type { Mailer } from '../../notifications/mailer';
import { actionMail, requestLanguage } from '../../notifications/templates';
import { gatedPasswordHashing } from './password-hashing';
import { signInLimits } from './sign-in-limits';
import { ensureOwnerSubscription } from '../subscriptions/subscriptions.service';
import { assertInvitationSession, consumeInvitation, invitedUserFields, startInvitationSignIn } from './invitation-sign-in';
import type { SessionChanges } from './session-cache';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session-lifetime';
import { socialProviderOptions, socialProvidersPlugin } from './social-providers';

/** The header the HTTP layer sets (replacing any client value) to tell Better Auth the caller's address. */
export const CLIENT_IP_HEADER = 'x-app-client-ip';

type AuthConfig = Pick<
  Config,
  | 'appUrl'
  | 'authSecret'
  | 'production'
  | 'google'
  | 'microsoft'
  | 'vendorEndpointBases'
  | 'billingEnabled'
  | 'rateLimitMultiplier'
>;

export function createAuth(deps: { db: Db; config: AuthConfig; mailer: Mailer; sessionChanges: SessionChanges }) {
  const { db, config, mailer, sessionChanges } = deps;
  const limit = (window: number, max: number) => ({ window, max: Math.ceil(max * config.rateLimitMultiplier) });
  const checkSignIn = signInLimits(db, { pair: limit(60, 10), account: limit(15 * 60, 20) });

  return betterAuth({
    appName: 'Mail Assistant',
    logger: { level: 'error' },
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: {
        referral: { type: 'string', required: false, input: true },
        referrerId: { type: 'string', required: false, input: false },
        hasAiConfig: { type: 'boolean', required: false, input: false, defaultValue: true },
        showGuide: { type: 'boolean', required: false, input: false, defaultValue: true },
        helpGuideSeen: { type: 'boolean', required: false, input: false, defaultValue: false },
        gettingStartedClosed: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      revokeSessionsOnPasswordReset: true,
      password: gatedPasswordHashing(),
      sendResetPassword: async ({ user, url }, request) => {
        await mailer.send(actionMail('reset', requestLanguage(request?.headers), user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }, request) => {
        await mailer.send(actionMail('verify', requestLanguage(request?.headers), user.email, url));
      },
    },
    socialProviders: socialProviderOptions(config),
    // A provider account joins the account of the same address only when the provider says the
    // address is verified. Trusting a provider whatever it says would let anyone who can set an
    // unverified `email` on a Microsoft account sign in to the account of that address.
    account: { accountLinking: { enabled: true } },
    session: { expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    rateLimit: {
      enabled: true,
      storage: 'database',
      ...limit(60, 300),
      customRules: {
        // The address's ceiling: per account and address, sign-in-limits.ts refuses after 10.
        '/sign-in/email': limit(60, 60),
        '/sign-in/social': limit(60, 10),
        '/sign-up/email': limit(60, 5),
        '/request-password-reset': limit(60, 3),
        '/send-verification-email': limit(60, 3),
        '/reset-password': limit(60, 5),
      },
    },
    advanced: {
      useSecureCookies: config.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.production },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/social') return startInvitationSignIn(db, ctx);
        if (ctx.path === '/sign-in/email') {
          const email = (ctx.body as { email?: unknown } | undefined)?.email;
          const address = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? '';
          if (typeof email === 'string' && (await checkSignIn(email, address)) === 'refused') {
            throw new APIError('TOO_MANY_REQUESTS', { message: 'Too many requests, please try again later' });
          }
          return;
        }
        if (ctx.path !== '/sign-up/email' && ctx.path !== '/reset-password') return;
        const body = ctx.body as { password?: unknown; newPassword?: unknown } | undefined;
        const password = body?.password ?? body?.newPassword;
        if (typeof password === 'string' && firstPasswordProblem(password)) {
          throw new APIError('BAD_REQUEST', {
            code: 'PASSWORD_DOES_NOT_MEET_REQUIREMENTS',
            message: 'Password does not meet requirements',
          });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            const referral = (user as { referral?: unknown }).referral;
            return {
              data: {
                ...user,
                referral: typeof referral === 'string' && referral.trim() ? referral.trim().toLowerCase().slice(0, 100) : null,
                ...(await invitedUserFields(db, ctx, user.email)),
              },
            };
          },
          after: async (user, ctx) => {
            await consumeInvitation(db, ctx, user);
            await ensureOwnerSubscription(db, user.id, config.billingEnabled);
          },
        },
        // This process's next request sees the change (verification, password reset, deletion).
        update: { after: async (user) => user && sessionChanges.forgetUser(user.id) },
        delete: { after: async (user) => sessionChanges.forgetUser(user.id) },
      },
      session: {
        create: {
          before: async (session, ctx) => {
            if (!ctx) return;
            await assertInvitationSession(db, ctx, session.userId, (id) => ctx.context.internalAdapter.findUserById(id));
          },
          // After sign-up verification and every social sign-in: idempotent per owner.
          after: async (session) => ensureOwnerSubscription(db, session.userId, config.billingEnabled),
        },
        // Sign-out and revocation refuse the session on this process's next request.
        update: { after: async (session) => session && sessionChanges.forgetSession(session.id) },
        delete: { after: async (session) => sessionChanges.forgetSession(session.id) },
      },
    },
    plugins: [
      socialProvidersPlugin(config),
      oneTimeToken({ expiresIn: HANDOFF_TOKEN_TTL_SECONDS / 60, storeToken: 'hashed', disableClientRequest: true }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
