import {
  billingPortalSchema,
  billingUserParamsSchema,
  checkoutQuerySchema,
  checkoutResponseSchema,
  checkoutSessionParamsSchema,
  checkoutStatusSchema,
  invoiceListSchema,
  subscriptionStateSchema,
  switchPlanResponseSchema,
  switchPlanSchema,
} from '@app/shared/billing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard';
import type { BillingDeps } from './billing-common';
import * as checkout from './checkout.service';
import { handleWebhook } from './stripe-sync.service';

/** The billing calls of spec 01 §7 under /api, and Stripe's webhook at /api/stripe/webhook. */
export async function registerSubscriptionRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'owner' } as const;
  const params = billingUserParamsSchema;

  r.post(
    '/api/users/:userId/subscriptions',
    { config, schema: { params, response: { 200: subscriptionStateSchema } } },
    async (req) => checkout.createSubscription(deps, currentUser(req), req.params.userId),
  );

  r.get(
    '/api/users/:userId/subscriptions',
    { config, schema: { params, response: { 200: subscriptionStateSchema } } },
    async (req) => checkout.getSubscription(deps, currentUser(req), req.params.userId),
  );

  r.get(
    '/api/users/:userId/subscriptions/checkouts',
    { config, schema: { params, querystring: checkoutQuerySchema, response: { 200: checkoutResponseSchema } } },
    async (req) => checkout.startCheckout(deps, currentUser(req), req.params.userId, req.query),
  );

  r.get(
    '/api/users/:userId/checkouts/:sessionId/status',
    { config, schema: { params: checkoutSessionParamsSchema, response: { 200: checkoutStatusSchema } } },
    async (req) => checkout.checkoutStatus(deps, currentUser(req), req.params.userId, req.params.sessionId),
  );

  r.post(
    '/api/users/:userId/subscriptions/switch',
    { config, schema: { params, body: switchPlanSchema, response: { 200: switchPlanResponseSchema } } },
    async (req) => checkout.switchPlan(deps, currentUser(req), req.params.userId, req.body),
  );

  r.get(
    '/api/users/:userId/payments/process',
    { config, schema: { params, response: { 200: subscriptionStateSchema } } },
    async (req) => checkout.processPayment(deps, currentUser(req), req.params.userId),
  );

  r.get('/api/billing/:userId', { config, schema: { params, response: { 200: billingPortalSchema } } }, async (req) =>
    checkout.billingPortal(deps, currentUser(req), req.params.userId),
  );

  r.get('/api/users/:userId/invoices', { config, schema: { params, response: { 200: invoiceListSchema } } }, async (req) =>
    checkout.invoicesOf(deps, currentUser(req), req.params.userId),
  );

  // The webhook reads the exact bytes Stripe signed: its own JSON parser, in its own scope.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        config: { access: 'public' },
        schema: {
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
        },
      },
      async (req) => handleWebhook(deps, req.body as Buffer, req.headers['stripe-signature']),
    );
  });
}
