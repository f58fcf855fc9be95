import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

export const VERSION = process.env.npm_package_version ?? '0.1.0';

export function registerHealthRoutes(app: FastifyInstance, database: Database) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
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
