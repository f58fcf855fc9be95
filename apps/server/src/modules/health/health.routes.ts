import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { paths } from '../../paths';

/** The server package's version (npm's npm_package_version names the root package, which has none). */
export const VERSION = (JSON.parse(readFileSync(paths.packageJson, 'utf8')) as { version: string }).version;

export function registerHealthRoutes(app: FastifyInstance, database: Database) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        response: { 200: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), version: z.string() }) },
      },
    },
    async () => {
      await database.query('select 1');
      return { status: 'ok' as const, db: database.kind, version: VERSION };
    },
  );
}
