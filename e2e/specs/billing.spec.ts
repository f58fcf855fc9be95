import { rmSync } from 'node:fs';
import { expect, test as base, type Page } from '@playwright/test';
import pg from 'pg';
import { startStripeServer, type StripeServer } from '../../apps/server/test/vendors/stripe-server';
import { freePort, linkFromOutbox, startApp, tempDataDir, waitFor } from '../server-process';
import { expectAccessible } from './axe';
import {
  completeOnboarding,
  completeProfile,
  connectTestMailbox,
  signUpAndVerify,
  PASSWORD,
  signUpThroughUi,
  skipWithoutMailServer,
  uniqueEmail,
} from './helpers';

/**
 * Billing end to end. Billing off is the suite's app (no Stripe keys). Billing on is a second app
 * started here with STRIPE_* pointing at the Stripe-shaped local server (apps/server/test/vendors),
 * which serves the hosted checkout page and POSTs signed webhooks to the app. Stripe.js cannot be
 * loaded from js.stripe.com here: the page gets a stand-in following Stripe.js's documented API
 * (`Stripe(pk)`, `confirmCardPayment(clientSecret)` → `{ paymentIntent } | { error }`), whose
 * calls to api.stripe.com are routed to the local server.
 */

/** Prices with any kind of space made plain. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const price = (page: Page, plan: string) => page.getByRole('article', { name: plan }).getByTestId('plan-price');

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
}

base.describe('billing off (no Stripe keys)', () => {
  base('billing links and screens are hidden, everyone on BIZ rules', async ({ page }) => {
    skipWithoutMailServer();
    await signUpAndVerify(page);
    await completeOnboarding(page);
    const session = await (await page.request.get('/api/session')).json();
    expect(session).toMatchObject({ billable: false, plan: 'biz', subscriptionStatus: 'active' });
    await openUserMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Change Your Plan' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Invoices' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // The pages stay, and say why there is nothing to pay.
    for (const path of ['/subscriptions', '/invoices', '/billing']) {
      await page.goto(path);
      await expect(page.getByText(/Billing is turned off on this installation/)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });
});

type BillingApp = {
  url: string;
  dataDir: string;
  stripe: StripeServer;
  /** SQL on the app's database, when it runs on PostgreSQL. */
  sql: ((text: string, params: unknown[]) => Promise<unknown>) | null;
};

/**
 * With DATABASE_URL (CI), the billing app runs on a PostgreSQL database of its own, which a spec
 * can write to (the credits ledger); otherwise on the embedded PGlite, which only the app can open.
 */
async function billingDatabase() {
  const base = process.env.DATABASE_URL;
  if (!base) return null;
  const name = `e2e_billing_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  let connected = false;
  return {
    url: url.toString(),
    sql: async (text: string, params: unknown[]): Promise<unknown> => {
      if (!connected) await client.connect();
      connected = true;
      const result: { rows: unknown[] } = await client.query(text, params);
      return result.rows;
    },
    drop: async () => {
      if (connected) await client.end();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

const test = base.extend<object, { billingApp: BillingApp }>({
  billingApp: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stripe = await startStripeServer();
      const dataDir = tempDataDir();
      const port = await freePort();
      const database = await billingDatabase();
      stripe.webhookUrl = `http://localhost:${port}/api/stripe/webhook`;
      const app = await startApp({
        port,
        dataDir,
        env: {
          DATABASE_URL: database?.url ?? '',
          RATE_LIMIT_MULTIPLIER: '20',
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_ENDPOINT_BASE: stripe.baseUrl,
        },
      });
      await use({ url: app.url, dataDir, stripe, sql: database?.sql ?? null });
      await app.stop();
      await database?.drop();
      await stripe.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ billingApp }, use) => use(billingApp.url),
  page: async ({ page, billingApp }, use) => {
    // The Stripe.js stand-in, and api.stripe.com answered by the local server.
    await page.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS_STAND_IN }),
    );
    await page.route('https://api.stripe.com/**', async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${billingApp.stripe.baseUrl}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    });
    await use(page);
  },
});

const STRIPE_JS_STAND_IN = `(function () {
  function Stripe(key) {
    return {
      _registerWrapper: function () {},
      confirmCardPayment: function (clientSecret) {
        var id = clientSecret.split('_secret_')[0];
        var body = 'key=' + encodeURIComponent(key) + '&client_secret=' + encodeURIComponent(clientSecret);
        return fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: body,
        }).then(function (res) {
          return res.json().then(function (json) {
            return res.ok ? { paymentIntent: json } : { error: json.error };
          });
        });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** A verified owner with profile and mailbox on the billing app, on FREE. */
async function onboardedOwner(page: Page, dataDir: string) {
  skipWithoutMailServer();
  const email = uniqueEmail('billing');
  await signUpThroughUi(page, email);
  let link: string | null = null;
  await waitFor(
    async () => Boolean((link = linkFromOutbox(dataDir, email, '/api/auth/verify-email'))),
    15_000,
    `a mail to ${email}`,
  );
  await page.goto(link!);
  await completeProfile(page);
  await expect(page).toHaveURL(/\/email-settings\/add/);
  await connectTestMailbox(page);
  return email;
}

test.describe('billing on (Stripe-shaped local server)', () => {
  test('plans in EUR, yearly totals, checkout on the hosted page, back with sid, invoices', async ({ page, billingApp }) => {
    await onboardedOwner(page, billingApp.dataDir);
    await page.goto('/home');
    await openUserMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Invoices' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Change Your Plan' }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);

    await expect(page.getByRole('article')).toHaveCount(4);
    expect(
      await Promise.all(['STARTER', 'BASIC', 'PRO', 'BIZ'].map(async (p) => plain(await price(page, p).textContent()))),
    ).toEqual(['€19', '€39', '€99', '€399']);
    await page.getByRole('switch', { name: 'Bill yearly' }).click();
    expect(
      await Promise.all(['STARTER', 'BASIC', 'PRO', 'BIZ'].map(async (p) => plain(await price(page, p).textContent()))),
    ).toEqual(['€168', '€348', '€888', '€3,588']);
    await page.getByRole('switch', { name: 'Bill yearly' }).click();

    await page.getByRole('article', { name: 'PRO' }).getByRole('button', { name: 'Choose PRO' }).click();
    await expect(page).toHaveURL(new RegExp(`^${billingApp.stripe.baseUrl}/c/pay/cs_`));
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/email-settings$/);
    await expect(page.getByText('Your subscription is active')).toBeVisible();

    await page.goto('/subscriptions');
    await expect(page.getByRole('article', { name: 'PRO' }).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expectAccessible(page, 'subscriptions');
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    const row = page.getByRole('row').nth(1);
    await expect(row).toContainText('€99.00');
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', /\/i\/in_test_\w+\/pdf$/);
    await expectAccessible(page, 'invoices');
    await page.goto('/invoices?lng=fr');
    await expect(page.getByRole('row').nth(1)).toContainText('99,00');
    await expectAccessible(page, 'invoices in French');
  });

  test('a paid plan is switched in place: a declined card changes nothing, 3-D Secure is confirmed with Stripe.js', async ({
    page,
    billingApp,
  }) => {
    await onboardedOwner(page, billingApp.dataDir);
    await page.goto('/subscriptions');
    await page.getByRole('article', { name: 'PRO' }).getByRole('button', { name: 'Choose PRO' }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/email-settings$/);
    await page.goto('/subscriptions');
    const biz = page.getByRole('article', { name: 'BIZ' });

    billingApp.stripe.card = 'decline';
    try {
      await biz.getByRole('button', { name: 'Switch to BIZ' }).click();
      await expect(page.getByText('Your card was declined.')).toBeVisible();
      await expect(page).toHaveURL(/\/subscriptions$/);
      await page.reload();
      await expect(page.getByRole('article', { name: 'PRO' }).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    } finally {
      billingApp.stripe.card = 'succeed';
    }

    billingApp.stripe.card = 'requires_action';
    try {
      await biz.getByRole('button', { name: 'Switch to BIZ' }).click();
      await expect(page).toHaveURL(/\/email-settings$/);
      await expect(page.getByText('Your plan has been changed')).toBeVisible();
    } finally {
      billingApp.stripe.card = 'succeed';
    }
    await page.goto('/subscriptions');
    await expect(biz.getByRole('button', { name: 'Current plan' })).toBeDisabled();
  });

  test('an owner on FREE whose credits are spent sees the quota banner; their member does not', async ({
    page,
    browser,
    billingApp,
  }) => {
    test.skip(!billingApp.sql, 'the credits are spent in the database: needs DATABASE_URL (PostgreSQL)');
    const sql = billingApp.sql!;
    await onboardedOwner(page, billingApp.dataDir);
    const owner = (await (await page.request.get('/api/session')).json()) as { uid: string };
    const banner = page.getByText('Quota Exceeded: You have exceeded your credits quota. To continue, please upgrade your plan');
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The help guide opens by itself once for a new owner; this spec is about the banner.
    if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
    await expect(banner).toHaveCount(0);

    // A member invited while the owner was on PRO (FREE allows no member), who then went back to FREE.
    await sql(`UPDATE subscription SET plan = 'pro' WHERE owner_id = $1`, [owner.uid]);
    const member = uniqueEmail('member');
    const invited = await page.request.post('/api/invitations', {
      data: {
        email: member,
        firstName: 'Mia',
        lastName: 'Member',
        connectionMethod: 'email/password',
        metadata: { hasAiConfig: false },
      },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    let link: string | null = null;
    await waitFor(
      async () => Boolean((link = linkFromOutbox(billingApp.dataDir, member, '/invitations/verify'))),
      15_000,
      `a mail to ${member}`,
    );
    const memberContext = await browser.newContext({ baseURL: billingApp.url });
    const memberPage = await memberContext.newPage();
    const token = new URL(link!).searchParams.get('token');
    const accepted = await memberPage.request.post('/api/invitations/set-password', { data: { token, password: PASSWORD } });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await memberPage.goto('/signin');
    await memberPage.getByLabel('Email', { exact: true }).fill(member);
    await memberPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await memberPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await completeProfile(memberPage);
    await expect(memberPage.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    // Back on FREE, the month's 500 credits spent (as 250 AI steps would spend them).
    const month = new Date().toISOString().slice(0, 7);
    await sql(`UPDATE subscription SET plan = 'free' WHERE owner_id = $1`, [owner.uid]);
    await sql(
      `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key)
       VALUES ($1, $2, 'grant', 500, 'free monthly grant', $3), ($1, $2, 'debit', -500, 'ai steps', $4)`,
      [owner.uid, month, `grant:${owner.uid}:${month}`, `e2e-spent:${owner.uid}`],
    );
    await page.reload();
    await expect(banner).toBeVisible();
    // FREE allows no member either: both quotas are exceeded, and both banners say so.
    await expect(page.getByText(/Quota Exceeded: You have exceeded your members quota/)).toBeVisible();
    await page.getByRole('link', { name: 'Upgrade' }).first().click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    // The member spends the owner's credits but sees no banner.
    await memberPage.reload();
    await expect(memberPage.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(memberPage.getByText(/Quota Exceeded/)).toHaveCount(0);
    await memberContext.close();
  });

  test('prices and labels in French', async ({ page, billingApp }) => {
    await onboardedOwner(page, billingApp.dataDir);
    await page.goto('/subscriptions');
    await openUserMenu(page);
    await page.getByRole('menuitemradio', { name: 'Fr' }).click();
    await expect(page.getByRole('heading', { name: 'Offres' })).toBeVisible();
    expect(plain(await price(page, 'PRO').textContent())).toBe('99 €');
    await expect(page.getByRole('article', { name: 'PRO' })).toContainText('La plus choisie');
    await page.getByRole('switch', { name: 'Facturation annuelle' }).click();
    expect(plain(await price(page, 'BIZ').textContent())).toBe('3 588 €');
    expect(plain(await page.getByRole('article', { name: 'PRO' }).textContent())).toContain('74 € / mois, facturé annuellement');
    await expectAccessible(page, 'subscriptions in French');
  });
});
