import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * PostgreSQL text cannot hold U+0000 (the query fails), so a NUL anywhere in a JSON body, a path or
 * a query string is refused with 400 before any route sees it, rather than failing with 500 at the
 * first insert or search that carries it.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      if (holdsNul(value)) return done(nulRefused(), undefined);
      done(null, value);
    });
  });
  app.addHook('onRequest', async (request) => {
    if (request.url.toLowerCase().includes('%00')) throw nulRefused();
  });
}

const nulRefused = () => new AppError(400, 'BAD_REQUEST', 'errors.nulCharacter');

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, v]) => key.includes('\u0000') || holdsNul(v));
  return false;
}
