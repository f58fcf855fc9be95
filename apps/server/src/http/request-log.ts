import type { FastifyBaseLogger } from 'fastify';

/**
 * Query parameters whose values are secrets: the tokens of invitation, verification and reset links,
 * OAuth codes and states, keys. A link's token in the log is the link itself, for whoever reads logs.
 */
const SECRET_PARAMETER = /([?&](?:token|code|state|key|api_key|access_token|id_token|refresh_token|password|secret)=)[^&#]*/gi;
/** Path segments that are tokens (Better Auth's reset link: /api/auth/reset-password/<token>). */
const SECRET_SEGMENT = /(\/reset-password\/)[^/?#]+/gi;

export function redactedUrl(url: string): string {
  return url.replace(SECRET_PARAMETER, '$1[redacted]').replace(SECRET_SEGMENT, '$1[redacted]');
}

/** What the log keeps of a request: its method, its URL without secrets, the caller's address. */
function request(req: { method?: string; url?: string; ip?: string }) {
  return { method: req.method, url: redactedUrl(req.url ?? ''), remoteAddress: req.ip };
}

/** The app's logger, with request URLs redacted in every line that carries one. */
export const redactingLogger = (logger: FastifyBaseLogger): FastifyBaseLogger =>
  logger.child({}, { serializers: { req: request } });
