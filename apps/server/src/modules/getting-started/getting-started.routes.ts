import type { GettingStarted } from '@app/shared/getting-started';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser } from '../../http/auth-guard';
import { progressOf } from './getting-started.repository';

const gettingStartedSchema = z.object({
  mailbox: z.boolean(),
  categories: z.boolean(),
  knowledge: z.boolean(),
  firstDraft: z.boolean(),
}) satisfies z.ZodType<GettingStarted>;

/** GET /api/getting-started: what the signed-in user has set up, for the Getting started card. */
export function registerGettingStartedRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/getting-started',
    { config: { access: 'user' }, schema: { response: { 200: gettingStartedSchema } } },
    async (req) => progressOf(deps.db, currentUser(req).id),
  );
}
