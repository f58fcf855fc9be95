import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler';
import { enforceAccessPolicies } from './auth-guard';
import type { Actor } from '../access/actor';

const member: Actor = {
  id: 'member-1',
  email: 'member@example.com',
  emailVerified: true,
  referrerId: 'owner-1',
  hasAiConfig: false,
  createdAt: new Date(0),
};

/** An app whose every request is signed in as `user` (null: signed out). */
function appSignedInAs(user: Actor | null) {
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  app.decorateRequest('user', null);
  enforceAccessPolicies(app, async (request) => {
    if (!user) throw Object.assign(new Error('signed out'), { statusCode: 401 });
    request.user = user;
  });
  return app;
}

describe('access policies declared on routes', () => {
  it('refuses to start with an /api route that declares no policy', async () => {
    const app = appSignedInAs(member);
    await expect(async () => {
      app.get('/api/forgotten', async () => ({ ok: true }));
      await app.ready();
    }).rejects.toThrow('GET /api/forgotten declares no access policy (config.access)');
  });

  it('leaves routes outside /api (the web app) alone', async () => {
    const app = appSignedInAs(null);
    app.get('/inbox', async () => ({ page: 'inbox' }));
    expect((await app.inject({ url: '/inbox' })).statusCode).toBe(200);
  });

  it('applies each policy before the route runs', async () => {
    const app = appSignedInAs(member);
    for (const access of ['public', 'user', 'owner', 'aiConfig'] as const) {
      app.get(`/api/${access}`, { config: { access } }, async () => ({ ran: access }));
      app.post(`/api/${access}`, { config: { access } }, async () => ({ ran: access }));
    }
    const status = async (method: 'GET' | 'POST', access: string) =>
      (await app.inject({ method, url: `/api/${access}`, payload: method === 'POST' ? {} : undefined })).statusCode;
    expect(await status('POST', 'public')).toBe(200);
    expect(await status('POST', 'user')).toBe(200);
    // A member is never the owner; without hasAiConfig they read the AI configuration but do not change it.
    expect(await status('GET', 'owner')).toBe(403);
    expect(await status('GET', 'aiConfig')).toBe(200);
    expect(await status('POST', 'aiConfig')).toBe(403);
  });

  it('lets a signed-out caller reach public routes only', async () => {
    const app = appSignedInAs(null);
    app.get('/api/open', { config: { access: 'public' } }, async () => ({ ok: true }));
    app.get('/api/closed', { config: { access: 'user' } }, async () => ({ ok: true }));
    expect((await app.inject({ url: '/api/open' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/closed' })).statusCode).toBe(401);
  });
});
