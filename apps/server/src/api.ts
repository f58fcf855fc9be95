import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { ownerEngines, testProviderCall } from './engine-factory';
import { registerAiProviderRoutes } from './modules/ai-provider/ai-provider.routes';
import { createSecretBox } from './security/secret-box';
import { type Auth, createAuth } from './modules/auth/auth';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createMemberWithPassword } from './modules/auth/member-accounts';
import type { SessionCache } from './modules/auth/session-cache';
import { createKnownSessions, type KnownSession, makeSessionResolver, sessionCookieName } from './modules/auth/session-resolver';
import { registerAccountRoutes } from './modules/accounts/accounts.routes';
import { registerAssistantRoutes } from './modules/assistant/assistant.routes';
import { registerDigestRoutes } from './modules/digest/digest.routes';
import { registerEnterpriseCategoryRoutes } from './modules/enterprise-categories/enterprise-categories.routes';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes';
import { registerGettingStartedRoutes } from './modules/getting-started/getting-started.routes';
import { registerHealthRoutes, VERSION } from './modules/health/health.routes';
import { registerInvitationRoutes } from './modules/invitations/invitations.routes';
import { groundingFor } from './modules/knowledge/grounding';
import { registerKnowledgeRoutes } from './modules/knowledge/knowledge.routes';
import { registerMailSettingsRoutes } from './modules/mail-settings/mail-settings.routes';
import { mailSettingsDeps } from './modules/mail-settings/mail-settings.service';
import { registerMailboxRoutes } from './modules/mailbox/mailbox.routes';
import { countAiCalls, countAssistantCalls } from './metrics/ai-calls';
import { registerHttpMetrics, registerMetricsRoutes } from './modules/metrics/metrics.routes';
import { registerProfileRoutes } from './modules/profiles/profiles.routes';
import { registerPromptRoutes } from './modules/prompts/prompts.routes';
import { registerSessionRoutes } from './modules/session/session.routes';
import { createStripeGateway } from './modules/subscriptions/stripe-gateway';
import { registerSubscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes';
import { createLiveEvents } from './notifications/live-events';
import type { Mailer } from './notifications/mailer';
import { enforceAccessPolicies, makeRequireUser } from './http/auth-guard';
import { makeCsrfGuard } from './http/csrf';
import { errorHandler, sendError } from './http/error-handler';
import { refuseNulCharacters } from './http/nul-guard';
import { addSecurityHeaders } from './http/security-headers';
import { exposeRequestId, requestIdOf } from './http/request-id';
import { redactingLogger } from './http/request-log';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** The built SPA to serve, when present. */
  webDist?: string;
  logger?: FastifyBaseLogger;
  /** The sessions the process keeps (created here when not given); the app closes them. */
  sessions?: SessionCache<KnownSession>;
}

/** Builds the HTTP app: the API under /api and the SPA on every other path. */
export async function buildApp(deps: AppDeps) {
  const { config, database, mailer } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: redactingLogger(deps.logger) } : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: requestIdOf,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorateRequest('user', null);
  app.addHook('onRequest', exposeRequestId);
  refuseNulCharacters(app);
  registerHttpMetrics(app);

  addSecurityHeaders(app, config);

  const sessions = deps.sessions ?? createKnownSessions(database);
  app.addHook('onClose', () => sessions.close());
  const auth: Auth = createAuth({ db: database.db, config, mailer, sessionChanges: sessions });
  const resolveSession = makeSessionResolver({
    database,
    sessions,
    auth,
    secret: config.authSecret,
    production: config.production,
  });
  enforceAccessPolicies(app, makeRequireUser(resolveSession));

  await app.register(swagger, {
    openapi: { info: { title: 'Mail Assistant API', version: VERSION } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());

  app.addHook('onRequest', makeCsrfGuard(new URL(config.appUrl).origin));

  const mail = mailSettingsDeps(config, database.db);
  registerAuthRoutes(app, auth, config.appUrl);
  registerHealthRoutes(app, database);
  registerMetricsRoutes(app, { database, token: config.metrics.token });
  registerSessionRoutes(app, { db: database.db, auth, config });
  registerProfileRoutes(app, { db: database.db });
  registerDigestRoutes(app, { db: database.db, secret: config.authSecret });
  registerAccountRoutes(app, {
    db: database.db,
    sessionCookie: sessionCookieName(config.production),
    mail,
    sessionChanges: sessions,
  });
  registerEnterpriseCategoryRoutes(app);
  registerKnowledgeRoutes(app, { database });
  const liveEvents = createLiveEvents(database);
  app.addHook('onClose', () => liveEvents.close());
  registerMailSettingsRoutes(app, { ...mail, liveEvents });
  const engines = ownerEngines(config, database.db, { engine: countAiCalls, assistant: countAssistantCalls });
  const mailbox = await registerMailboxRoutes(app, {
    ...mail,
    engineOf: engines.engineOf,
    grounding: groundingFor(database.db),
  });
  registerAiProviderRoutes(app, {
    db: database.db,
    secretBox: createSecretBox(config.encryptionKey),
    operator: config.ai,
    allowPrivateHosts: config.mailAllowPrivateHosts,
    testCall: testProviderCall(config.mailAllowPrivateHosts),
  });
  registerPromptRoutes(app, { db: database.db });
  registerAssistantRoutes(app, {
    db: database.db,
    grounding: groundingFor(database.db),
    engineOf: engines.assistantOf,
    searchMail: mailbox.searchMail,
    asksPerMinute: config.assistantAsksPerMinute,
  });
  registerFeedbackRoutes(app, { db: database.db, mailer, supportEmail: config.supportEmail });
  registerGettingStartedRoutes(app, { db: database.db });
  await registerSubscriptionRoutes(app, {
    db: database.db,
    gateway: config.stripe ? createStripeGateway(config.stripe) : null,
    appUrl: config.appUrl,
    publishableKey: config.stripe?.publishableKey ?? null,
    webhookSecret: config.stripe?.webhookSecret ?? null,
    log: app.log,
  });
  registerWebhookRoutes(app, {
    db: database.db,
    push: config.push,
    googleCertsUrl: `${config.vendorEndpointBases.google ?? 'https://www.googleapis.com'}/oauth2/v3/certs`,
    log: app.log,
  });
  registerInvitationRoutes(app, {
    db: database.db,
    mailer,
    appUrl: config.appUrl,
    billingEnabled: config.billingEnabled,
    dailyCap: config.invitationsPerDay,
    createMember: (input) => createMemberWithPassword(auth, input),
    mail,
    sessionChanges: sessions,
  });

  const webDist = deps.webDist && existsSync(path.join(deps.webDist, 'index.html')) ? deps.webDist : null;
  if (webDist)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: cacheHashedAssets,
    });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !webDist || request.method !== 'GET') {
      return sendError(reply, 404, 'NOT_FOUND', 'Resource not found');
    }
    // Without cacheControl: false, sendFile would replace no-cache with its own max-age.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });

  return Object.assign(app, { auth });
}

/** The build's file names under assets/ change with their content: they can be kept for a year. */
function cacheHashedAssets(reply: FastifyReply, file: string) {
  if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
}
