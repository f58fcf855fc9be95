import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { sendError } from '../../http/error-handler';
import { metricsAccess } from './metrics.access';
import { httpRequestDuration } from '../../metrics/counters';
import { createMetrics } from './metrics.registry';

/** Times every request; the route is the pattern (`/api/mailbox/messages/:uid`), never the raw URL. */
export function registerHttpMetrics(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}

/** GET /api/metrics: Prometheus text, for the scraper only (see `metricsAccess`). */
export function registerMetricsRoutes(app: FastifyInstance, deps: { database: Database; token: string | undefined }) {
  const metrics = createMetrics(deps.database);
  app.get('/api/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(deps.token, { headers: request.headers, remoteAddress: request.socket.remoteAddress });
    if (access === 'hidden') return sendError(reply, 404, 'NOT_FOUND', 'Resource not found');
    if (access === 'unauthorized') {
      return sendError(reply.header('www-authenticate', 'Bearer'), 401, 'UNAUTHORIZED', 'Authentication required');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}
