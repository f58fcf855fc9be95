import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sendError } from '../../http/error-handler';
import { handleGmailPush, type PubSubAuth, pubSubPushSchema, pubSubVerifier } from './gmail-webhook';
import type { PushConfig } from './mailbox-push';
import {
  graphLifecycleNotificationsSchema,
  graphNotificationsSchema,
  handleGraphLifecycleNotifications,
  handleGraphNotifications,
  validationTokenSchema,
} from './outlook-webhook';

export interface WebhookDeps {
  db: Db;
  push: PushConfig;
  /** Google's signing keys for the Pub/Sub tokens (under GOOGLE_ENDPOINT_BASE in tests). */
  googleCertsUrl: string;
  /** Requests per minute per address on each webhook in this process (default 1200). */
  perMinute?: number;
  log?: { warn(object: object, message: string): void };
}

const BODY_LIMIT = 64 * 1024;

/**
 * The vendors' push endpoints (issue 4): public, authenticated by the vendor's own means (a Google
 * OIDC token, Graph's clientState), bounded in size and rate, and quick: they only wake the worker
 * (after marking a Graph subscription due or forgotten, for its lifecycle notifications).
 */
export function registerWebhookRoutes(app: FastifyInstance, deps: WebhookDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = rateLimiter(deps.perMinute ?? 1200);
  const verifyPush = deps.push.gmail ? pubSubVerifier(pubSubAuth(deps.push.gmail, deps.googleCertsUrl)) : null;

  r.post(
    '/api/webhooks/gmail',
    {
      config: { access: 'public' },
      bodyLimit: BODY_LIMIT,
      onRequest: limited,
      // Before the body is validated: an unauthenticated caller learns nothing about the format.
      preValidation: async (req, reply) => {
        if (!verifyPush) return sendError(reply, 404, 'NOT_FOUND', 'Gmail push is not configured');
        const token = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
        if (!token) return sendError(reply, 401, 'UNAUTHORIZED', 'A Pub/Sub OIDC token is required');
        if (!(await verifyPush(token))) return sendError(reply, 403, 'FORBIDDEN', 'The Pub/Sub token was refused');
      },
      schema: { hide: true, body: pubSubPushSchema },
    },
    async (req, reply) => {
      await handleGmailPush(deps.db, req.body);
      // Acknowledged even when no mailbox watches the address: Pub/Sub would redeliver anything else.
      return reply.status(204).send();
    },
  );

  const graphEndpoint = (url: string, handle: (body: unknown) => Promise<{ ignored: number } | null>) =>
    r.post(
      url,
      {
        config: { access: 'public' },
        bodyLimit: BODY_LIMIT,
        onRequest: limited,
        schema: { hide: true, querystring: z.object({ validationToken: validationTokenSchema.optional() }) },
      },
      async (req, reply) => {
        if (!deps.push.outlook) return sendError(reply, 404, 'NOT_FOUND', 'Outlook push is not configured');
        // The handshake Graph makes before it creates a subscription: the token back, as text, at once.
        const token = req.query.validationToken;
        if (token !== undefined) return reply.status(200).type('text/plain; charset=utf-8').send(token);
        const handled = await handle(req.body);
        if (!handled) return sendError(reply, 400, 'BAD_REQUEST', 'Not a Graph notification');
        if (handled.ignored > 0)
          deps.log?.warn(
            { url, ignored: handled.ignored },
            'Graph notifications with an unknown subscription, clientState or event ignored',
          );
        return reply.status(202).send();
      },
    );

  graphEndpoint('/api/webhooks/outlook', async (payload) => {
    const body = graphNotificationsSchema.safeParse(payload);
    return body.success ? handleGraphNotifications(deps.db, body.data) : null;
  });
  // Subscriptions are created with `lifecycleNotificationUrl` = the notification URL + `/lifecycle` (`lifecycleUrlOf`).
  graphEndpoint('/api/webhooks/outlook/lifecycle', async (payload) => {
    const body = graphLifecycleNotificationsSchema.safeParse(payload);
    return body.success ? handleGraphLifecycleNotifications(deps.db, body.data) : null;
  });
}

function pubSubAuth(gmail: NonNullable<PushConfig['gmail']>, certsUrl: string): PubSubAuth {
  return { audience: gmail.audience, serviceAccount: gmail.serviceAccount, certsUrl };
}

/** A fixed window per client address; the map is emptied every window, so it stays bounded. */
function rateLimiter(perMinute: number) {
  let windowStart = Date.now();
  let counts = new Map<string, number>();
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      counts = new Map();
    }
    const count = (counts.get(req.ip) ?? 0) + 1;
    counts.set(req.ip, count);
    if (count > perMinute) {
      const retryAfter = Math.ceil((windowStart + 60_000 - now) / 1000);
      return sendError(reply.header('retry-after', String(retryAfter)), 429, 'RATE_LIMIT', 'Too many requests');
    }
  };
}
