import { enterpriseCategoriesSchema, langQuerySchema } from '@app/shared/profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sectorGroups } from './enterprise-categories.data';

export function registerEnterpriseCategoryRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/enterprise-categories',
      { config: { access: 'public' }, schema: { querystring: langQuerySchema, response: { 200: enterpriseCategoriesSchema } } },
      async (req) =>
        sectorGroups.map((g) => ({
          group: g.group[req.query.lang],
          options: g.options.map((o) => ({ value: o.value, label: o.label[req.query.lang] })),
        })),
    );
}
