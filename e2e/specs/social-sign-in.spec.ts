import { expect, test, type Page } from '@playwright/test';
import { outboxLink, PASSWORD, signUpAndVerify, uniqueEmail } from './helpers';

/**
 * Sign-in with Google and Microsoft (spec 01 §2, spec 02 §2 "Set password"), against the local
 * servers in the vendors' wire formats that global-setup starts: their consent page approves at once
 * and their token endpoints answer RS256 ID tokens for the account chosen here.
 */

/** Who the vendor's consent page signs in next (the doubles' test-only switch), and whether the vendor vouches for the address. */
async function providerAccount(provider: 'google' | 'microsoft', email: string, emailVerified = true) {
  const base = provider === 'google' ? process.env.E2E_GOOGLE_URL : process.env.E2E_MICROSOFT_URL;
  const account =
    provider === 'google'
      ? { sub: `g-${email}`, email, name: 'Gina Google', emailVerified }
      : { oid: crypto.randomUUID(), email, name: 'Mike Microsoft', emailVerified };
  const res = await fetch(`${base}/_double/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(res.status).toBe(200);
}

/** Clicks the provider button; the sign-in runs in a popup that closes by itself. */
async function signInInPopup(page: Page, button: string) {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  await (await popup).waitForEvent('close');
}

for (const [provider, name] of [
  ['google', 'Google'],
  ['microsoft', 'Microsoft'],
] as const) {
  test(`a new user signs up with ${name} and lands signed in on the onboarding; the next sign-in reuses the account`, async ({
    page,
  }) => {
    const email = uniqueEmail(provider);
    await providerAccount(provider, email);
    await page.goto('/signin');
    await signInInPopup(page, `Sign in with ${name}`);
    await expect(page).toHaveURL(/\/profile/);
    const session = await (await page.request.get('/api/session')).json();
    expect(session).toMatchObject({ email, emailVerified: true, referrerId: null });

    await page.context().clearCookies();
    await page.goto('/signin');
    await signInInPopup(page, `Sign in with ${name}`);
    await expect(page).toHaveURL(/\/profile/);
    expect(await (await page.request.get('/api/session')).json()).toMatchObject({ uid: session.uid });
  });
}

test('Microsoft not vouching for the address of a password account: the user is asked for the password, and told the link did not happen', async ({
  page,
}) => {
  const email = await signUpAndVerify(page, uniqueEmail('unvouched'));
  await page.context().clearCookies();
  await providerAccount('microsoft', email, false);
  await page.goto('/signin');
  await signInInPopup(page, 'Sign in with Microsoft');
  await expect(
    page.getByText(
      'An account already exists with this e-mail. Sign in with your e-mail and password to link your Microsoft account.',
    ),
  ).toBeVisible();

  // The password signs in and asks Microsoft again to link; the server refuses, and the app says so.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByText('Your Microsoft account was not linked. Keep signing in with your e-mail and password.'),
  ).toBeVisible();
  expect(await (await page.request.get('/api/session')).json()).toMatchObject({ email, providers: ['credential'] });
});

for (const [provider, name] of [
  ['google', 'Google'],
  ['microsoft', 'Microsoft'],
] as const) {
  test(`a member invited with ${name} accepts by signing in with ${name} and gets the member menu`, async ({ page, browser }) => {
    await signUpAndVerify(page, uniqueEmail('owner'));
    const member = uniqueEmail(`${provider}-member`);
    const invited = await page.request.post('/api/invitations', {
      data: {
        email: member,
        firstName: 'Gina',
        lastName: 'Member',
        connectionMethod: provider,
        metadata: { hasAiConfig: false },
      },
    });
    expect(invited.status(), await invited.text()).toBe(201);

    const context = await browser.newContext({ locale: 'en-US' });
    const memberPage = await context.newPage();
    // Someone else's account with the provider is refused, and nothing is accepted.
    await providerAccount(provider, uniqueEmail('stranger'));
    await memberPage.goto(await outboxLink(member, '/invitations/verify'));
    await expect(memberPage).toHaveURL(/\/invitations\/set-password/);
    await expect(memberPage.getByText(`You were invited as ${member} to sign in with ${name}.`)).toBeVisible();
    await signInInPopup(memberPage, `Sign in with ${name}`);
    await expect(memberPage.getByRole('alert')).toHaveText(
      "The email address doesn't match the one associated with your invitation.",
    );

    await providerAccount(provider, member);
    await signInInPopup(memberPage, `Sign in with ${name}`);
    await expect(memberPage).toHaveURL(/\/profile/);
    const nav = memberPage.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    expect(await (await memberPage.request.get('/api/session')).json()).toMatchObject({ email: member, emailVerified: true });
    await context.close();

    const listed = await (await page.request.get('/api/invitations')).json();
    expect(listed.invitations.find((i: { email: string }) => i.email === member)).toMatchObject({ status: 'ACCEPTED' });
  });
}
