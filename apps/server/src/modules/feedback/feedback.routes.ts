import { feedbackInputSchema, feedbackSchema } from '@app/shared/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard';
import * as service from './feedback.service';

/** POST /api/feedback of spec 02 §7. */
export function registerFeedbackRoutes(app: FastifyInstance, deps: Omit<service.FeedbackDeps, 'log'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/feedback',
    { config: { access: 'user' }, schema: { body: feedbackInputSchema, response: { 201: feedbackSchema } } },
    async (req, reply) =>
      reply.status(201).send(await service.sendFeedback({ ...deps, log: req.log }, currentUser(req), req.body)),
  );
}
