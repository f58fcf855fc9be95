import { profileInputSchema, profileSchema, profileUpdateSchema } from '@app/shared/profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser } from '../../http/auth-guard';
import * as service from './profiles.service';

export function registerProfileRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'user' } as const;

  r.get(
    '/api/user-profiles',
    { config, schema: { querystring: z.object({ userId: z.string().optional() }), response: { 200: profileSchema } } },
    async (req) => service.getProfile(deps.db, currentUser(req), req.query.userId),
  );

  r.post(
    '/api/user-profiles',
    {
      config,
      schema: { body: profileInputSchema.extend({ userId: z.string().optional() }), response: { 201: profileSchema } },
    },
    async (req, reply) => {
      const { userId, ...fields } = req.body;
      return reply.status(201).send(await service.createProfile(deps.db, currentUser(req), fields, userId));
    },
  );

  r.put(
    '/api/user-profiles/:id',
    {
      config,
      schema: { params: z.object({ id: z.string().max(64) }), body: profileUpdateSchema, response: { 200: profileSchema } },
    },
    async (req) => service.updateProfile(deps.db, currentUser(req), req.params.id, req.body),
  );
}
