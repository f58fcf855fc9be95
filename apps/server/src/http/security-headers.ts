import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Helmet's headers on every response, its middleware built once at start. The Fastify plugin built
 * it again for every request, parsing and checking the whole policy each time (3% of the server's
 * CPU on a knowledge list request, with the garbage it left).
 */
export function addSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'stripe' | 'tutorialVideos' | 'production'>) {
  // Billing on: Stripe.js (loaded from js.stripe.com) confirms card payments in its own frames.
  const stripeSrc = config.stripe ? ['https://js.stripe.com'] : [];
  // Tutorial videos play in frames served by their own hosts (TUTORIAL_VIDEOS).
  const videoSrc = [...new Set(Object.values(config.tutorialVideos).map((url) => new URL(url).origin))];
  const frameSrc = [...(config.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []), ...videoSrc];
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeSrc],
        // 'self': the webmail shows mail bodies in a sandboxed frame served by /api/mailbox/…/body.
        ...(frameSrc.length > 0 && { frameSrc: ["'self'", ...frameSrc] }),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.stripe ? ['https://api.stripe.com'] : [])],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    strictTransportSecurity: config.production,
  });
  app.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, () => done()));
}
