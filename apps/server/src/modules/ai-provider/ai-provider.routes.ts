import { aiProviderInputSchema, aiProviderViewSchema, aiUsageSchema } from '@app/shared/ai-provider';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countRequest } from '../../db/request-counter';
import { AppError } from '../../errors';
import { currentUser } from '../../http/auth-guard';
import * as service from './ai-provider.service';

/** Tests of a provider per user per minute: each one calls out. */
export const PROVIDER_TESTS_PER_MINUTE = 5;

/** The caller's own AI provider and their AI usage (issue 39, item 5; not in the spec: ADR 0161). */
export function registerAiProviderRoutes(app: FastifyInstance, deps: service.AiProviderDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'user' } as const;

  r.get(
    '/api/ai-provider',
    { config, schema: { querystring: z.object({ userId: z.string().optional() }), response: { 200: aiProviderViewSchema } } },
    async (req) => service.aiProviderView(deps, currentUser(req), req.query.userId),
  );

  r.put(
    '/api/ai-provider',
    { config, schema: { body: aiProviderInputSchema, response: { 200: aiProviderViewSchema } } },
    async (req) => {
      const caller = currentUser(req);
      const { count } = await countRequest(deps.db, `ai-provider-test:${caller.id}`, 60_000);
      if (count > PROVIDER_TESTS_PER_MINUTE)
        throw new AppError(429, 'RATE_LIMIT', 'aiProvider.errors.tooManyTests', { limit: PROVIDER_TESTS_PER_MINUTE });
      return service.saveAiProvider(deps, caller, req.body);
    },
  );

  r.delete('/api/ai-provider', { config, schema: { response: { 200: z.object({ success: z.literal(true) }) } } }, async (req) =>
    service.removeAiProvider(deps, currentUser(req)),
  );

  r.get('/api/ai-provider/usage', { config, schema: { response: { 200: aiUsageSchema } } }, async (req) =>
    service.aiUsage(deps, currentUser(req)),
  );
}
