import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser } from '../../http/auth-guard';
import type { SessionChanges } from '../auth/session-cache';
import type { MailSettingsDeps } from '../mail-settings/mail-settings.service';
import { deleteAccount } from './accounts.service';

type Deps = {
  db: Db;
  sessionCookie: string;
  mail: Pick<MailSettingsDeps, 'db' | 'providers' | 'secretBox'>;
  sessionChanges: SessionChanges;
};

export function registerAccountRoutes(app: FastifyInstance, deps: Deps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .delete(
      '/api/accounts/:id',
      { config: { access: 'user' }, schema: { params: z.object({ id: z.string().max(64) }) } },
      async (req, reply) => {
        await deleteAccount(deps, currentUser(req).id, req.params.id);
        // The session row is gone with the user; clear the browser's cookies too.
        const secure = deps.sessionCookie.startsWith('__Secure-') ? '; Secure' : '';
        reply.header('set-cookie', `${deps.sessionCookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
        return { success: true };
      },
    );
}
