import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser } from '../../http/auth-guard';
import { deleteAccount } from './accounts.service';

export function registerAccountRoutes(app: FastifyInstance, deps: { db: Db; requireUser: preHandlerHookHandler }) {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/accounts/:id',
    { preHandler: deps.requireUser, schema: { params: z.object({ id: z.string().max(64) }) } },
    async (req, reply) => {
      await deleteAccount(deps.db, currentUser(req).id, req.params.id);
      // The session row is gone with the user; clear the browser's cookies too.
      reply.header('set-cookie', [
        'better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
        '__Secure-better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
      ]);
      return { success: true };
    },
  );
}
