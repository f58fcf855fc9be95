import { aiCategorizationSchema, categoryInputSchema, categorySchema } from '@app/shared/categories';
import { accuracyReplayOfferSchema, accuracyReportSchema } from '@app/shared/accuracy';
import { draftUsageSchema } from '@app/shared/draft-review';
import { dryRunPageSchema, dryRunParamSchema, dryRunQuerySchema, dryRunVerdictSchema } from '@app/shared/dry-run';
import { mailDiscoveryQuerySchema, mailDiscoverySchema } from '@app/shared/mail-discovery';
import {
  connectMailboxSchema,
  defaultConfigsSchema,
  mailActivitySchema,
  mailboxNodeSchema,
  mailSettingSchema,
  updateMailSettingResponseSchema,
  updateMailSettingSchema,
  userIdBodySchema,
  userIdQuerySchema,
  verifyMailSettingSchema,
} from '@app/shared/mail-settings';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard';
import type { LiveEvents } from '../../notifications/live-events';
import * as categories from './categories.service';
import { accuracyReport } from './accuracy';
import { replayOffer, requestReplay } from './accuracy-replay';
import { discover } from './discovery.service';
import { draftUsage } from './draft-usage';
import { dryRunReview, reviewDryRun } from './dry-run.service';
import * as service from './mail-settings.service';
import { assertSelf } from '../../access/actor';

const success = z.object({ success: z.literal(true) });
const idParam = z.object({ id: z.string().max(100) });

/** The main API's email-settings calls (spec 02 §7). */
export function registerMailSettingsRoutes(app: FastifyInstance, deps: service.MailSettingsDeps & { liveEvents: LiveEvents }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Authentication runs before validation: a signed-out caller learns nothing about the body it sent.
  const config = { access: 'aiConfig' } as const;

  r.get(
    '/api/default-configs',
    { config, schema: { querystring: userIdQuerySchema, response: { 200: defaultConfigsSchema } } },
    async (req) => {
      assertSelf(currentUser(req), req.query.userId);
      return service.defaultConfigs(deps);
    },
  );

  /** The mail servers guessed from an address: the connect form fills in what the user has not typed. */
  r.get(
    '/api/email-settings/discover',
    { config, schema: { querystring: mailDiscoveryQuerySchema, response: { 200: mailDiscoverySchema } } },
    async (req) => discover(deps, currentUser(req), req.query.email),
  );

  r.get(
    '/api/email-settings',
    { config, schema: { querystring: userIdQuerySchema, response: { 200: mailSettingSchema.nullable() } } },
    async (req) => {
      assertSelf(currentUser(req), req.query.userId);
      return service.getSetting(deps.db, currentUser(req));
    },
  );

  r.get(
    '/api/email-settings/activity',
    { config, schema: { querystring: userIdQuerySchema, response: { 200: mailActivitySchema } } },
    async (req) => {
      assertSelf(currentUser(req), req.query.userId);
      return service.mailActivity(deps, currentUser(req));
    },
  );

  // How the assistant would have filed the owner's past mail (issue 36; not in the spec: decisions.md).
  r.get('/api/email-settings/accuracy', { config, schema: { response: { 200: accuracyReportSchema.nullable() } } }, async (req) =>
    accuracyReport(deps.db, currentUser(req), (await service.requireAccount(deps.db, currentUser(req))).id),
  );

  // What the owner did with the AI drafts, per category (issue 39, item 6; not in the spec: ADR 0159).
  r.get('/api/email-settings/draft-usage', { config, schema: { response: { 200: draftUsageSchema } } }, async (req) =>
    draftUsage(deps.db, currentUser(req)),
  );

  // The replay with an AI provider: what it may cost, and the owner's go (issue 36; not in the spec: ADR 0153).
  r.get(
    '/api/email-settings/accuracy/replay',
    { config, schema: { response: { 200: accuracyReplayOfferSchema } } },
    async (req) => replayOffer(deps, currentUser(req)),
  );
  r.post(
    '/api/email-settings/accuracy/replay',
    { config, schema: { response: { 200: accuracyReplayOfferSchema } } },
    async (req) => requestReplay(deps, currentUser(req)),
  );

  // The dry run's record and the owner's review of it (issue 36; not in the spec: decisions.md).
  r.get(
    '/api/email-settings/dry-run',
    { config, schema: { querystring: dryRunQuerySchema, response: { 200: dryRunPageSchema } } },
    async (req) => dryRunReview(deps, currentUser(req), req.query.page),
  );
  r.put(
    '/api/email-settings/dry-run/:id',
    { config, schema: { params: dryRunParamSchema, body: dryRunVerdictSchema, response: { 200: success } } },
    async (req) => reviewDryRun(deps, currentUser(req), req.params.id, req.body),
  );

  // Server-Sent Events: the settings screen refetches when the worker changes this user's mail state.
  // Open streams are ended when the server closes, which would otherwise wait for the browsers.
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });
  r.get('/api/email-settings/events', { config }, async (req, reply) => {
    const userId = currentUser(req).id;
    const unsubscribe = await deps.liveEvents.subscribe(userId, (event) => reply.raw.write(`event: ${event.kind}\ndata: {}\n\n`));
    reply.hijack();
    reply.raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    reply.raw.write('retry: 5000\n\n');
    streams.add(reply.raw);
    // A comment every 25 s keeps proxies from closing an idle stream.
    const heartbeat = setInterval(() => reply.raw.write(': keep-alive\n\n'), 25_000);
    req.raw.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(reply.raw);
      unsubscribe();
    });
  });

  r.post(
    '/api/email-settings',
    { config, schema: { body: connectMailboxSchema, response: { 201: mailSettingSchema } } },
    async (req, reply) => reply.status(201).send(await service.connectMailbox(deps, currentUser(req), req.body)),
  );

  r.put(
    '/api/email-settings',
    { config, schema: { body: updateMailSettingSchema, response: { 200: updateMailSettingResponseSchema } } },
    async (req) => service.updateSetting(deps, currentUser(req), req.body),
  );

  r.delete('/api/email-settings', { config, schema: { body: userIdBodySchema, response: { 200: success } } }, async (req) => {
    await service.deleteSetting(deps, currentUser(req), req.body?.userId);
    return { success: true as const };
  });

  /** Starts the Gmail or Outlook authorisation: the browser goes to the URL and returns to /cb/google or /cb/ms. */
  r.get(
    '/api/email-settings/oauth/:provider',
    {
      config,
      schema: { params: z.object({ provider: z.enum(['gmail', 'outlook']) }), response: { 200: z.object({ url: z.string() }) } },
    },
    async (req) => service.oauthStart(deps, currentUser(req), req.params.provider),
  );

  r.get(
    '/api/email-settings/verify',
    { config, schema: { querystring: userIdQuerySchema, response: { 200: verifyMailSettingSchema } } },
    async (req) => {
      assertSelf(currentUser(req), req.query.userId);
      return service.verifySetting(deps, currentUser(req));
    },
  );

  r.get(
    '/api/:id/email-settings/mailboxes',
    { config, schema: { params: idParam, response: { 200: z.object({ mailboxes: z.array(mailboxNodeSchema) }) } } },
    async (req) => service.listMailboxes(deps, currentUser(req), req.params.id),
  );

  r.post(
    '/api/email-settings/ai-categorization',
    {
      config,
      schema: { body: aiCategorizationSchema, response: { 200: success.extend({ batchCategorizeStatus: z.literal('QUEUED') }) } },
    },
    async (req) => service.requestAiCategorization(deps, currentUser(req), req.body),
  );

  r.get(
    '/api/email-settings/categories',
    { config, schema: { querystring: userIdQuerySchema, response: { 200: z.array(categorySchema) } } },
    async (req) => categories.listCategories(deps, currentUser(req), req.query.userId),
  );

  r.post(
    '/api/email-settings/categories',
    { config, schema: { body: categoryInputSchema(), response: { 201: categorySchema } } },
    async (req, reply) => reply.status(201).send(await categories.createCategory(deps, currentUser(req), req.body)),
  );

  r.put(
    '/api/email-settings/categories/:id',
    { config, schema: { params: idParam, body: categoryInputSchema(), response: { 200: categorySchema } } },
    async (req) => categories.updateCategory(deps, currentUser(req), req.params.id, req.body),
  );

  r.delete(
    '/api/email-settings/categories/:id',
    { config, schema: { params: idParam, response: { 200: success } } },
    async (req) => {
      await categories.deleteCategory(deps, currentUser(req), req.params.id);
      return { success: true as const };
    },
  );
}
