import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated mutations must come from our own pages: a cross-site Origin is refused,
 * and bodies must be JSON (a form on another site cannot send it without a CORS preflight).
 * Better Auth's routes get the origin check too; their bodies are Better Auth's business.
 */
export function makeCsrfGuard(appOrigin: string) {
  return async function csrfGuard(request: FastifyRequest, reply: FastifyReply) {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin && origin !== appOrigin) return sendError(reply, 403, 'FORBIDDEN', 'Cross-site request refused');
    // Vendors' webhooks carry no cookie and authenticate themselves (Graph's handshake is text/plain).
    if (request.url.startsWith('/api/auth/') || request.url.startsWith('/api/webhooks/')) return;
    const type = request.headers['content-type'];
    if (type && !type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      return sendError(reply, 415, 'UNKNOWN', 'Unsupported content type');
    }
  };
}
