import { authConfigSchema, handoffTokenSchema, sessionUserSchema, verifyHandoffSchema } from '@app/shared/auth';
import { HANDOFF_TOKEN_TTL_SECONDS } from '@app/shared/constants';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { currentUser } from '../../http/auth-guard';
import type { Auth } from '../auth/auth';
import { sessionUser } from './session.service';

type Deps = {
  db: Db;
  auth: Auth;
  config: Pick<Config, 'google' | 'microsoft' | 'billingEnabled' | 'tutorialVideos' | 'addins'>;
};

export function registerSessionRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auth-config', { config: { access: 'public' }, schema: { response: { 200: authConfigSchema } } }, async () => ({
    google: Boolean(deps.config.google),
    microsoft: Boolean(deps.config.microsoft),
    billing: deps.config.billingEnabled,
    // Mailboxes can be connected (smtp/IMAP at least), so the mail-provider guard applies.
    mailbox: true,
    tutorialVideos: deps.config.tutorialVideos,
    addins: deps.config.addins,
  }));

  r.get('/api/session', { config: { access: 'user' }, schema: { response: { 200: sessionUserSchema } } }, async (req) =>
    sessionUser(deps.db, currentUser(req).id, deps.config.billingEnabled),
  );

  /** Mints the single-use hand-off token that the `/signin/:sessionId` link carries (valid 60 s). */
  r.post('/api/users/handoff', { config: { access: 'user' }, schema: { response: { 200: handoffTokenSchema } } }, async (req) => {
    const { token } = await deps.auth.api.generateOneTimeToken({ headers: fromNodeHeaders(req.headers) });
    return { token, expiresInSeconds: HANDOFF_TOKEN_TTL_SECONDS };
  });

  /** Exchanges a minted hand-off token (never a bare user id) for a session cookie. */
  r.post(
    '/api/users/verify',
    { config: { access: 'public' }, schema: { body: verifyHandoffSchema, response: { 200: z.object({ token: z.string() }) } } },
    async (req, reply) => {
      const result = await deps.auth.api
        .verifyOneTimeToken({ body: { token: req.body.uid }, headers: fromNodeHeaders(req.headers), returnHeaders: true })
        .catch(() => null);
      if (!result) throw new AppError(400, 'INVALID_LINK', 'This sign-in link is invalid or has expired');
      const cookies = result.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      // The credential travels only in the HttpOnly cookie; the body names the session, not its secret.
      return { token: result.response.session.id };
    },
  );
}
