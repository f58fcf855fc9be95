import { digestOffSchema } from '@app/shared/profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import * as service from './digest.service';

/**
 * The daily digest's one-click "turn off" (issue 36, item 4): no session, the signed token is the
 * credential and it can only turn that owner's digest off. The link in the mail opens a page of the
 * app that posts here, so that a mail scanner following the link turns nothing off.
 */
export function registerDigestRoutes(app: FastifyInstance, deps: { db: Db; secret: string }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/digest/off',
      {
        config: { access: 'public' },
        schema: { body: digestOffSchema, response: { 200: z.object({ success: z.literal(true) }) } },
      },
      async (req) => service.turnDigestOff(deps, req.body.token),
    );
}
