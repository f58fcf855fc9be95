import { promptInputSchema, promptPatchSchema, promptSchema } from '@app/shared/prompts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser } from '../../http/auth-guard';
import * as service from './prompts.service';

/** The user-prompts calls of spec 02 §7. */
export function registerPromptRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'aiConfig' } as const;

  r.get(
    '/api/user-prompts',
    {
      config,
      schema: { querystring: z.object({ userId: z.string().optional() }), response: { 200: z.array(promptSchema) } },
    },
    async (req) => service.listPrompts(deps.db, currentUser(req), req.query.userId),
  );

  r.post(
    '/api/user-prompts',
    { config, schema: { body: promptInputSchema, response: { 201: promptSchema } } },
    async (req, reply) => reply.status(201).send(await service.createPrompt(deps.db, currentUser(req), req.body)),
  );

  r.patch(
    '/api/user-prompts/:id',
    {
      config,
      schema: { params: z.object({ id: z.string().max(100) }), body: promptPatchSchema, response: { 200: promptSchema } },
    },
    async (req) => service.patchPrompt(deps.db, currentUser(req), req.params.id, req.body),
  );
}
