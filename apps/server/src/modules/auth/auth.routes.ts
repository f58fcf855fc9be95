import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Auth, CLIENT_IP_HEADER } from './auth';

function toFetchRequest(request: FastifyRequest, baseUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(new URL(request.url, baseUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/**
 * Better Auth answers sign-in, sign-up, get-session and list-sessions with the session token in JSON;
 * the app authenticates by its HttpOnly cookie alone, so a token in a body is only something a script
 * on the page could read. Top-level `token`, `session.token` and the `token` of listed sessions go.
 */
export function withoutSessionTokens(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutSessionTokens);
  if (!body || typeof body !== 'object') return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  if (rest.session && typeof rest.session === 'object') {
    const { token: _sessionToken, ...session } = rest.session as Record<string, unknown>;
    rest.session = session;
  }
  return rest;
}

async function bodyOf(response: Response): Promise<Buffer | null> {
  if (!response.body) return null;
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.headers.get('content-type')?.includes('application/json') || bytes.length === 0) return bytes;
  try {
    return Buffer.from(JSON.stringify(withoutSessionTokens(JSON.parse(bytes.toString('utf8')))));
  } catch {
    return bytes;
  }
}

/** Better Auth's handler under /api/auth/*, with its 429 answered in our error shape. */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, baseUrl: string) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    handler: async (request, reply) => {
      const response = await auth.handler(toFetchRequest(request, baseUrl));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (response.status === 429) {
        return reply.type('application/json').send({
          success: false,
          code: 'RATE_LIMIT',
          message: 'Too many requests, please try again later',
          status: 429,
        });
      }
      return reply.send(await bodyOf(response));
    },
  });
}
