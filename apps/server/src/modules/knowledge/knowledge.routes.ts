import {
  contextParamSchema,
  knowledgeInputSchema,
  knowledgeItemSchema,
  knowledgeListQuerySchema,
  knowledgeListSchema,
  knowledgeUpdateSchema,
} from '@app/shared/knowledge';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../http/auth-guard';
import * as service from './knowledge.service';
import { assertSelf } from '../../access/actor';

const saved = z.tuple([z.string(), knowledgeItemSchema]);

/** The knowledge data root of spec 01 §7 under /api/data. */
export function registerKnowledgeRoutes(app: FastifyInstance, deps: { database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Authentication runs before validation: a signed-out caller learns nothing about the input.
  const config = { access: 'aiConfig' } as const;

  r.get(
    '/api/data',
    { config, schema: { querystring: knowledgeListQuerySchema, response: { 200: knowledgeListSchema } } },
    async (req) => {
      const user = currentUser(req);
      assertSelf(user, req.query.userId);
      return service.listKnowledge(deps, user.id, req.query);
    },
  );

  r.get(
    '/api/data/:context',
    { config, schema: { params: contextParamSchema, response: { 200: knowledgeItemSchema } } },
    async (req) => service.getKnowledge(deps, currentUser(req).id, req.params.context),
  );

  r.post('/api/data', { config, schema: { body: knowledgeInputSchema, response: { 201: saved } } }, async (req, reply) => {
    const item = await service.createKnowledge(deps, currentUser(req).id, req.body);
    return reply.status(201).send([item.context, item]);
  });

  r.post(
    '/api/data/:context',
    { config, schema: { params: contextParamSchema, body: knowledgeUpdateSchema, response: { 200: saved } } },
    async (req) => {
      const item = await service.updateKnowledge(deps, currentUser(req).id, req.params.context, req.body);
      return [item.context, item] as [string, typeof item];
    },
  );

  r.delete('/api/data/:context', { config, schema: { params: contextParamSchema } }, async (req) => {
    await service.deleteKnowledge(deps, currentUser(req).id, req.params.context);
    return { success: true };
  });
}
