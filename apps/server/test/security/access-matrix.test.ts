import { randomUUID } from 'node:crypto';
import type * as FastifyModule from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../harness';
import { addMember, createParty, markersOf, type Party, setAiConfig, snapshotOf } from './access-fixtures';

/**
 * The access-control matrix of issue 9 over the tenant model of DESIGN §4, driven by the app's own
 * route table: every /api route declares its access policy (`config.access`, http/auth-guard.ts) and
 * is listed below, either public (with the reason) or with a way to call it that names someone's
 * data. What each policy must refuse is tested from the policy the route declares.
 */

// The route table as the app builds it, with each route's declared policy: an onRoute hook must exist
// before the first route, and buildApp creates its Fastify instance itself, so the factory is wrapped.
const registered = vi.hoisted(() => new Map<string, string | undefined>());
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const withRouteLog = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') registered.set(`${method} ${route.url}`, route.config?.access);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: withRouteLog, fastify: withRouteLog };
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** One way to call a route naming `owner`'s data, and the statuses a refused caller may get (default 403). */
type Request = { url: string; payload?: object; refused?: number[] };
type Build = (owner: Party) => Request | Request[];

type Entry =
  /** Reachable signed out, with the reason. */
  | { public: string }
  | {
      /**
       * `self`: the route only ever works on the caller's own data (a `userId` it accepts is ignored);
       * `personal`: it names a user's personal data; `account`: it names an owner's account data.
       */
      scope: 'self' | 'personal' | 'account';
      build: Build;
      /** The assistant: it answers from the caller's own knowledge base (which holds a vault code). */
      answersFromOwnKnowledge?: true;
      /** Why the caller-on-own-data call is not made (it never ends, or it destroys the caller). */
      noOwnCall?: string;
    };

const userIdQuery = (path: string) => (p: Party) => ({ url: `${path}?userId=${p.user.id}` });
const mailOf = (p: Party) => ({ userId: p.user.id, uids: ['1'], folder: 'INBOX', flags: ['\\Seen'] });
const categoryFields = (p: Party) => ({ name: `Renamed ${p.category.name}`, classifierType: 'ai', instruction: 'x' });
const promptSections = {
  enabled: true,
  useContext: false,
  section1: 'x',
  section2: '',
  section3: '',
  section4: '',
  section5: '',
  section6: '',
};
const smtpSettings = { name: 'Mail', host: '127.0.0.1', port: 9, user: 'someone@example.com', pass: 'password' };
const invitee = () => ({
  email: `new-${randomUUID().slice(0, 8)}@team.test`,
  firstName: 'New',
  lastName: 'Person',
  connectionMethod: 'email/password',
});
const billing =
  (suffix = '') =>
  (p: Party) => ({ url: `/api/users/${p.user.id}${suffix}` });
/** An id of someone else's row is not found (the owner check answers 403 to a member first). */
const byId = (request: Request, refused = [404]): Request => ({ ...request, refused });
const teamById = (request: Request) => byId(request, [403, 404]);

const MATRIX: Record<string, Entry> = {
  'GET /api/docs': { public: 'the OpenAPI description: no data' },
  'GET /api/auth/*': { public: 'Better Auth: verification links, OAuth callbacks; it checks its own sessions' },
  'POST /api/auth/*': { public: 'Better Auth: sign-up, sign-in, reset; it checks its own sessions' },
  'GET /api/auth-config': { public: 'which sign-in methods and features are on, read before sign-in' },
  'GET /api/health': { public: 'health check for load balancers' },
  'GET /api/metrics': { public: 'Prometheus scrape: its own bearer token, or loopback only (metrics.access.ts)' },
  'GET /api/enterprise-categories': { public: 'the static sector list of the profile form' },
  'POST /api/users/verify': { public: 'the single-use hand-off token is the credential' },
  'POST /api/invitations/verify': { public: 'the invitation token is the credential' },
  'POST /api/invitations/set-password': { public: 'the invitation token is the credential' },
  'POST /api/digest/off': { public: 'the signed digest token is the credential; it can only turn that digest off' },
  'POST /api/stripe/webhook': { public: 'Stripe webhook, authenticated by its Stripe-Signature' },
  'POST /api/webhooks/gmail': { public: 'Pub/Sub push, authenticated by its OIDC token' },
  'POST /api/webhooks/outlook': { public: 'Graph notifications, authenticated by their clientState' },
  'POST /api/webhooks/outlook/lifecycle': { public: 'Graph lifecycle notifications, authenticated by their clientState' },

  'GET /api/session': { scope: 'self', build: () => ({ url: '/api/session' }) },
  'GET /api/getting-started': { scope: 'self', build: () => ({ url: '/api/getting-started' }) },
  'POST /api/users/handoff': { scope: 'self', build: () => ({ url: '/api/users/handoff' }) },
  'DELETE /api/accounts/:id': {
    scope: 'personal',
    build: (p) => ({ url: `/api/accounts/${p.user.id}` }),
    noOwnCall: 'it would delete the caller',
  },

  'GET /api/user-profiles': { scope: 'personal', build: userIdQuery('/api/user-profiles') },
  'POST /api/user-profiles': {
    scope: 'personal',
    build: (p) => ({ url: '/api/user-profiles', payload: { userId: p.user.id, businessSector: 'retail', role: 'Owner' } }),
  },
  'PUT /api/user-profiles/:id': {
    scope: 'personal',
    build: (p) => byId({ url: `/api/user-profiles/${p.profileId}`, payload: { role: 'Hijacked' } }),
  },

  'GET /api/user-prompts': { scope: 'personal', build: userIdQuery('/api/user-prompts') },
  'POST /api/user-prompts': {
    scope: 'personal',
    build: (p) => ({ url: '/api/user-prompts', payload: { userId: p.user.id, ...promptSections } }),
  },
  'PATCH /api/user-prompts/:id': {
    scope: 'personal',
    build: (p) => byId({ url: `/api/user-prompts/${p.promptId}`, payload: { section1: 'hijacked' } }),
  },

  'GET /api/data': { scope: 'personal', build: userIdQuery('/api/data') },
  'POST /api/data': {
    scope: 'self',
    build: () => ({ url: '/api/data', payload: { title: 'Own entry', text: 'x' } }),
  },
  'GET /api/data/:context': { scope: 'personal', build: (p) => byId({ url: `/api/data/${p.knowledge.context}` }) },
  'POST /api/data/:context': {
    scope: 'personal',
    build: (p) => byId({ url: `/api/data/${p.knowledge.context}`, payload: { title: 'Hijacked', text: 'x' } }),
  },
  'DELETE /api/data/:context': {
    scope: 'personal',
    build: (p) => byId({ url: `/api/data/${p.knowledge.context}` }),
  },

  'GET /api/default-configs': { scope: 'personal', build: userIdQuery('/api/default-configs') },
  'GET /api/email-settings': { scope: 'personal', build: userIdQuery('/api/email-settings') },
  // The caller's own dry run only (no user id in the call); another owner's item: pipeline/dry-run.test.ts.
  'GET /api/email-settings/accuracy': { scope: 'self', build: () => ({ url: '/api/email-settings/accuracy' }) },
  'GET /api/email-settings/draft-usage': { scope: 'self', build: () => ({ url: '/api/email-settings/draft-usage' }) },
  'GET /api/ai-provider': { scope: 'self', build: () => ({ url: '/api/ai-provider' }) },
  // A closed local port: the test call is refused at once, nothing leaves the machine.
  'PUT /api/ai-provider': {
    scope: 'self',
    build: () => ({
      url: '/api/ai-provider',
      payload: { provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' },
    }),
  },
  'DELETE /api/ai-provider': { scope: 'self', build: () => ({ url: '/api/ai-provider' }) },
  'GET /api/ai-provider/usage': { scope: 'self', build: () => ({ url: '/api/ai-provider/usage' }) },
  'GET /api/email-settings/accuracy/replay': { scope: 'self', build: () => ({ url: '/api/email-settings/accuracy/replay' }) },
  'POST /api/email-settings/accuracy/replay': {
    scope: 'self',
    build: () => ({ url: '/api/email-settings/accuracy/replay' }),
  },
  'GET /api/email-settings/dry-run': { scope: 'self', build: () => ({ url: '/api/email-settings/dry-run' }) },
  'PUT /api/email-settings/dry-run/:id': {
    scope: 'self',
    build: () => ({ url: '/api/email-settings/dry-run/00000000-0000-4000-8000-000000000000', payload: { verdict: 'right' } }),
  },
  'GET /api/email-settings/activity': { scope: 'personal', build: userIdQuery('/api/email-settings/activity') },
  'GET /api/email-settings/events': {
    scope: 'self',
    build: () => ({ url: '/api/email-settings/events' }),
    noOwnCall: 'a live event stream: it never ends',
  },
  'POST /api/email-settings': {
    scope: 'personal',
    build: (p) => ({
      url: '/api/email-settings',
      payload: { userId: p.user.id, provider: 'smtp', responseType: 0, settings: smtpSettings },
    }),
  },
  'PUT /api/email-settings': {
    scope: 'personal',
    build: (p) => [
      { url: '/api/email-settings', payload: { userId: p.user.id, id: p.mailAccountId, isSyncEnabled: false } },
      byId({ url: '/api/email-settings', payload: { id: p.mailAccountId, isSyncEnabled: false } }),
    ],
  },
  'DELETE /api/email-settings': {
    scope: 'personal',
    build: (p) => ({ url: '/api/email-settings', payload: { userId: p.user.id } }),
  },
  'GET /api/email-settings/oauth/:provider': {
    scope: 'self',
    build: () => ({ url: '/api/email-settings/oauth/gmail' }),
  },
  'GET /api/email-settings/verify': { scope: 'personal', build: userIdQuery('/api/email-settings/verify') },
  'GET /api/email-settings/discover': {
    scope: 'self',
    build: () => ({ url: '/api/email-settings/discover?email=me%40gmail.com' }),
  },
  'GET /api/:id/email-settings/mailboxes': {
    scope: 'personal',
    build: (p) => byId({ url: `/api/${p.mailAccountId}/email-settings/mailboxes` }),
  },
  'POST /api/email-settings/ai-categorization': {
    scope: 'personal',
    build: (p) => ({
      url: '/api/email-settings/ai-categorization',
      payload: { userId: p.user.id, numberOfCategories: 5, language: 'English' },
    }),
  },
  'GET /api/email-settings/categories': { scope: 'personal', build: userIdQuery('/api/email-settings/categories') },
  'POST /api/email-settings/categories': {
    scope: 'personal',
    build: (p) => ({ url: '/api/email-settings/categories', payload: { userId: p.user.id, ...categoryFields(p) } }),
  },
  'PUT /api/email-settings/categories/:id': {
    scope: 'personal',
    build: (p) => [
      { url: `/api/email-settings/categories/${p.category.id}`, payload: { userId: p.user.id, ...categoryFields(p) } },
      byId({ url: `/api/email-settings/categories/${p.category.id}`, payload: categoryFields(p) }),
    ],
  },
  'DELETE /api/email-settings/categories/:id': {
    scope: 'personal',
    build: (p) => byId({ url: `/api/email-settings/categories/${p.category.id}` }),
  },

  'GET /api/mailbox': { scope: 'personal', build: userIdQuery('/api/mailbox') },
  'GET /api/mailbox/folders': { scope: 'personal', build: userIdQuery('/api/mailbox/folders') },
  'GET /api/mailbox/messages/:uid': { scope: 'personal', build: (p) => ({ url: `/api/mailbox/messages/1?userId=${p.user.id}` }) },
  // A uid names a message of the caller's own mailbox only: these two take no user at all.
  'GET /api/mailbox/messages/:uid/body': { scope: 'self', build: () => ({ url: '/api/mailbox/messages/1/body' }) },
  'GET /api/mailbox/messages/:uid/attachments/:index': {
    scope: 'self',
    build: () => ({ url: '/api/mailbox/messages/1/attachments/0' }),
  },
  'POST /api/mailbox/rules-preview': {
    scope: 'self',
    build: () => ({
      url: '/api/mailbox/rules-preview',
      payload: { rules: { subject: { operator: 'contains', values: ['x'] } } },
    }),
  },
  'POST /api/mailbox/messages/flags': {
    scope: 'personal',
    build: (p) => ({ url: '/api/mailbox/messages/flags', payload: mailOf(p) }),
  },
  'DELETE /api/mailbox/messages/flags': {
    scope: 'personal',
    build: (p) => ({ url: '/api/mailbox/messages/flags', payload: mailOf(p) }),
  },
  'POST /api/mailbox/messages/move/:from/:to': {
    scope: 'personal',
    build: (p) => ({ url: '/api/mailbox/messages/move/INBOX/Archive', payload: { userId: p.user.id, uids: ['1'] } }),
  },
  'POST /api/mailbox/messages/not-spam/:folder': {
    scope: 'personal',
    build: (p) => ({ url: '/api/mailbox/messages/not-spam/INBOX', payload: { userId: p.user.id, uids: ['1'] } }),
  },
  'POST /api/mailbox/messages/send': {
    scope: 'personal',
    build: (p) => ({
      url: '/api/mailbox/messages/send',
      payload: { userId: p.user.id, to: 'x@example.com', subject: 'Hi', body: 'Hi' },
    }),
  },
  'POST /api/mailbox/messages/draft': {
    scope: 'personal',
    build: (p) => ({ url: '/api/mailbox/messages/draft', payload: { userId: p.user.id, subject: 'Hi' } }),
  },
  'DELETE /api/mailbox/messages/:uid/draft': {
    scope: 'personal',
    build: (p) => ({ url: `/api/mailbox/messages/1/draft?folder=Drafts&userId=${p.user.id}` }),
  },
  'POST /api/mailbox/messages/:uid/ai-draft': {
    scope: 'personal',
    build: (p) => ({ url: '/api/mailbox/messages/1/ai-draft', payload: { userId: p.user.id, folder: 'INBOX' } }),
  },

  // The assistant ignores a `userId` (docs/decisions.md): naming someone must still answer from the caller's data.
  'POST /api/ai/ask': {
    scope: 'self',
    answersFromOwnKnowledge: true,
    build: (p) => ({ url: '/api/ai/ask', payload: { userId: p.user.id, question: 'What is the vault code?', promptType: 'ai' } }),
  },
  'POST /api/ai/ask/stream': {
    scope: 'self',
    answersFromOwnKnowledge: true,
    build: (p) => ({
      url: '/api/ai/ask/stream',
      payload: { userId: p.user.id, question: 'What is the vault code?', promptType: 'ai' },
    }),
  },
  'POST /api/feedback': {
    scope: 'self',
    build: () => ({ url: '/api/feedback', payload: { name: 'Someone', email: 'someone@example.com', message: 'Hello' } }),
  },

  'POST /api/users/:userId/subscriptions': { scope: 'account', build: billing('/subscriptions') },
  'GET /api/users/:userId/subscriptions': { scope: 'account', build: billing('/subscriptions') },
  'GET /api/users/:userId/subscriptions/checkouts': {
    scope: 'account',

    build: billing('/subscriptions/checkouts?plan=pro&billingCycle=monthly'),
  },
  'GET /api/users/:userId/checkouts/:sessionId/status': {
    scope: 'account',

    build: billing('/checkouts/cs_test_a1b2c3/status'),
  },
  'POST /api/users/:userId/subscriptions/switch': {
    scope: 'account',

    build: (p) => ({ url: `/api/users/${p.user.id}/subscriptions/switch`, payload: { newPlan: 'pro' } }),
  },
  'GET /api/users/:userId/payments/process': { scope: 'account', build: billing('/payments/process') },
  'GET /api/users/:userId/invoices': { scope: 'account', build: billing('/invoices') },
  'GET /api/billing/:userId': { scope: 'account', build: (p) => ({ url: `/api/billing/${p.user.id}` }) },

  'GET /api/invitations': {
    scope: 'account',

    build: (p) => ({ url: `/api/invitations?referrerId=${p.user.id}` }),
  },
  'POST /api/invitations': {
    scope: 'account',

    build: (p) => ({ url: '/api/invitations', payload: { ...invitee(), referrerId: p.user.id } }),
  },
  'POST /api/invitations/bulk': {
    scope: 'account',

    build: (p) => ({ url: '/api/invitations/bulk', payload: { referrerId: p.user.id, invitations: [invitee()] } }),
  },
  'PUT /api/invitations/:id': {
    scope: 'account',
    build: (p) => {
      const payload = { firstName: 'Hijacked', lastName: '', connectionMethod: 'email/password' };
      const url = `/api/invitations/${p.invitation!.id}`;
      return [{ url, payload: { ...payload, referrerId: p.user.id } }, teamById({ url, payload })];
    },
  },
  'DELETE /api/invitations': {
    scope: 'account',
    build: (p) => [
      { url: '/api/invitations', payload: { memberId: p.invitation!.id, referrerId: p.user.id } },
      teamById({ url: '/api/invitations', payload: { memberId: p.invitation!.id } }),
      // Deleting an accepted invitation by the member's user id deletes the member's account.
      teamById({ url: '/api/invitations', payload: { memberId: p.teamMemberId } }),
    ],
  },
  'POST /api/invitations/resend': {
    scope: 'account',
    build: (p) => [
      { url: '/api/invitations/resend', payload: { _id: p.invitation!.id, referrerId: p.user.id } },
      teamById({ url: '/api/invitations/resend', payload: { _id: p.invitation!.id } }),
    ],
  },
};

const methodOf = (key: string) => key.split(' ', 1)[0] as Method;
// Built before the tests are collected: each route's tests follow the policy the app registered it with.
const t: TestApp = await createTestApp();
const guarded = Object.entries(MATRIX).flatMap(([key, entry]) =>
  'scope' in entry ? [{ key, method: methodOf(key), access: registered.get(key), ...entry }] : [],
);
const variants = (build: Build, party: Party) => [build(party)].flat();

describe('access-control matrix (issue 9)', () => {
  /** Owner A with member M (hasAiConfig) and member M0 (without), and owner B. */
  let A: Party, B: Party, M: Party, M0: Party;

  beforeAll(async () => {
    const [ownerA, ownerB] = [await t.signUp(), await t.signUp()];
    const member = await addMember(t, ownerA, true);
    const memberWithoutAi = await addMember(t, ownerA, false);
    A = await createParty(t, ownerA, { owner: true, teamMemberId: member.id });
    B = await createParty(t, ownerB, { owner: true, teamMemberId: null });
    M = await createParty(t, member, { owner: false });
    // M0's own data is made while the AI setup is allowed, as a member whose owner later turned it off.
    await setAiConfig(t, memberWithoutAi, true);
    M0 = await createParty(t, memberWithoutAi, { owner: false });
    await setAiConfig(t, memberWithoutAi, false);
  });
  afterAll(() => t.close());

  const send = (as: Party | null, method: Method, request: Request) =>
    t.call(as?.user ?? null, method, request.url, request.payload);

  /** A refusal: the expected status, nothing of the victim's in the answer, and the victim's rows unchanged. */
  async function expectRefused(as: Party, method: Method, request: Request, victim: Party) {
    const before = await snapshotOf(t, victim);
    const res = await send(as, method, request);
    expect(request.refused ?? [403], `${request.url} ${res.body}`).toContain(res.statusCode);
    expectNothingOf(victim, res.body);
    expect(await snapshotOf(t, victim)).toEqual(before);
  }

  function expectNothingOf(victim: Party, body: string) {
    for (const marker of markersOf(victim)) expect(body).not.toContain(marker);
  }

  it('lists every /api route the app registers, and only those', () => {
    const apiRoutes = [...registered.keys()].filter((key) => key.split(' ')[1]!.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThan(50);
    expect(
      apiRoutes.filter((key) => !(key in MATRIX)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((key) => !registered.has(key)),
      'matrix entries the app does not have',
    ).toEqual([]);
    expect(
      apiRoutes.filter((key) => (registered.get(key) === 'public') !== 'public' in MATRIX[key]!),
      'routes whose declared policy and matrix entry disagree on being public',
    ).toEqual([]);
  });

  describe.each(guarded)('$key', (entry) => {
    it('refuses a signed-out caller with 401', async () => {
      for (const request of variants(entry.build, A)) {
        const res = await send(null, entry.method, request);
        expect(res.statusCode, res.body).toBe(401);
        expectNothingOf(A, res.body);
      }
    });

    if (entry.method !== 'GET') {
      it('refuses a signed-out caller with 401 before reading the body', async () => {
        const [request] = variants(entry.build, A);
        const res = await t.call(null, entry.method, request!.url, { unexpected: true });
        expect(res.statusCode, res.body).toBe(401);
      });
    }

    if (entry.scope !== 'self') {
      it("refuses another owner on A's data", async () => {
        for (const request of variants(entry.build, A)) await expectRefused(B, entry.method, request, A);
      });

      it("refuses A's member on A's data", async () => {
        for (const request of variants(entry.build, A)) await expectRefused(M, entry.method, request, A);
      });
    }

    if (entry.scope === 'personal') {
      it("refuses the owner on the member's personal data", async () => {
        for (const request of variants(entry.build, M)) await expectRefused(A, entry.method, request, M);
      });
    }

    if (entry.access === 'owner') {
      // The policy answers before the route reads what is named: the owner's own ids stand for any.
      it('refuses a member whatever they name, before reading it (members never see billing or the team)', async () => {
        for (const request of variants(entry.build, A)) {
          await expectRefused(M, entry.method, { ...request, refused: [403] }, A);
          expect((await send(M, entry.method, request)).json()).toMatchObject({ message: 'errors.ownerOnly' });
        }
      });
    }

    if (!entry.noOwnCall && (entry.scope === 'self' || entry.method === 'GET')) {
      it("answers another owner from their own data only, never A's", async () => {
        // `self` routes are called naming A (an ignored userId); the others with B's own ids.
        const [request] = variants(entry.build, entry.scope === 'self' ? A : B);
        const res = await send(B, entry.method, request!);
        expect(res.statusCode, res.body).toBeLessThan(500);
        expectNothingOf(A, res.body);
      });
    }

    if (entry.answersFromOwnKnowledge) {
      it("answers another owner and A's member from their own knowledge, never A's", async () => {
        for (const caller of [B, M]) {
          const [request] = variants(entry.build, A);
          const res = await send(caller, entry.method, request!);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.body).toContain(caller.knowledge.secret);
          expectNothingOf(A, res.body);
        }
      });
    }

    if (entry.access === 'aiConfig' && entry.method !== 'GET') {
      // Such a member has the assistant only: they may read the AI configuration, never change it.
      it('refuses a member without hasAiConfig any change of the AI configuration, and leaks nothing of A', async () => {
        const before = await snapshotOf(t, M0);
        const res = await send(M0, entry.method, variants(entry.build, M0)[0]!);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ message: 'errors.aiConfigNotAllowed' });
        expectNothingOf(A, res.body);
        expect(await snapshotOf(t, M0)).toEqual(before);
      });
    }
  });
});
