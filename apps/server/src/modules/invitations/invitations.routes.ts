import {
  bulkInvitationsSchema,
  invitationDeleteSchema,
  invitationInputSchema,
  invitationListQuerySchema,
  invitationListSchema,
  invitationResendSchema,
  invitationSchema,
  invitationTokenSchema,
  invitationUpdateSchema,
  setPasswordSchema,
  verifyInvitationResponseSchema,
} from '@app/shared/invitations';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard';
import { requestLanguage } from '../../notifications/templates';
import * as service from './invitations.service';

const success = z.object({ success: z.literal(true) });
/** The inviter's language: the app's language cookie, then Accept-Language. */
const language = (req: FastifyRequest) => requestLanguage(fromNodeHeaders(req.headers));

/** The invitations service of spec 02 §7, under /api/invitations. */
export function registerInvitationRoutes(app: FastifyInstance, deps: service.InvitationsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'owner' } as const;

  r.get(
    '/api/invitations',
    { config, schema: { querystring: invitationListQuerySchema, response: { 200: invitationListSchema } } },
    async (req) => service.listInvitations(deps, currentUser(req), req.query),
  );

  r.post(
    '/api/invitations',
    { config, schema: { body: invitationInputSchema, response: { 201: invitationSchema } } },
    async (req, reply) => reply.status(201).send(await service.invite(deps, currentUser(req), req.body, language(req))),
  );

  r.post(
    '/api/invitations/bulk',
    { config, schema: { body: bulkInvitationsSchema, response: { 201: invitationListSchema } } },
    async (req, reply) => reply.status(201).send(await service.inviteBulk(deps, currentUser(req), req.body, language(req))),
  );

  r.put(
    '/api/invitations/:id',
    {
      config,
      schema: {
        params: z.object({ id: z.string().max(100) }),
        body: invitationUpdateSchema,
        response: { 200: invitationSchema },
      },
    },
    async (req) => service.updateInvitation(deps, currentUser(req), req.params.id, req.body),
  );

  r.delete('/api/invitations', { config, schema: { body: invitationDeleteSchema, response: { 200: success } } }, async (req) => {
    await service.deleteInvitation(deps, currentUser(req), req.body);
    return { success: true as const };
  });

  r.post(
    '/api/invitations/resend',
    { config, schema: { body: invitationResendSchema, response: { 200: invitationSchema } } },
    async (req) => service.resendInvitation(deps, currentUser(req), req.body, language(req)),
  );

  // Public: the invitation link's token is the only credential.
  r.post(
    '/api/invitations/verify',
    { config: { access: 'public' }, schema: { body: invitationTokenSchema, response: { 200: verifyInvitationResponseSchema } } },
    async (req) => service.verifyToken(deps, req.body.token),
  );

  r.post(
    '/api/invitations/set-password',
    { config: { access: 'public' }, schema: { body: setPasswordSchema, response: { 200: success } } },
    async (req) => service.acceptWithPassword(deps, req.body),
  );
}
