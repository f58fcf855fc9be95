import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../../credits/ledger';
import { createTestApp, type TestApp } from '../../../test/harness';

/** The session user's quota flags with billing on (a FREE owner starts with 500 credits a month). */
describe('session quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_quota' } });
  });
  afterAll(() => t?.close());

  it('raises the credits flag when a FREE owner has spent the month', async () => {
    const owner = await t.signUp();
    const quota = async () => (await t.call(owner, 'GET', '/api/session')).json<{ plan: string; quota: unknown }>();
    expect(await quota()).toMatchObject({ plan: 'free', quota: { exceeded: { credits: false, emailAddresses: false } } });
    await t.database.query(
      `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key) VALUES ($1, $2, 'debit', -500, 'ai', $3)`,
      [owner.id, periodOf(null), `spent:${owner.id}`],
    );
    expect(await quota()).toMatchObject({ quota: { exceeded: { credits: true } } });
  });
});
