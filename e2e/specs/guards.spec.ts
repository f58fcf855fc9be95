import { expect, test } from '@playwright/test';
import { completeOnboarding, completeProfile, connectTestMailbox, signUpAndVerify } from './helpers';

test('signed out, a protected screen sends to /signin with backTo, and back there after sign-in', async ({ page }) => {
  await page.goto('/data');
  await expect(page).toHaveURL(/\/signin\?backTo=%2Fdata$/);
});

test('without a profile every screen but the always-reachable ones sends to /profile', async ({ page }) => {
  await signUpAndVerify(page);
  await expect(page).toHaveURL(/\/profile/);
  for (const path of ['/home', '/data', '/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/profile/);
  }
  await page.goto('/feedback');
  await expect(page).toHaveURL(/\/feedback$/);
});

test('after the profile, a user without a mailbox is sent to connect one', async ({ page }) => {
  await signUpAndVerify(page);
  await completeProfile(page);
  await expect(page).toHaveURL(/\/email-settings\/add$/);
  for (const path of ['/home', '/data', '/email-settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/email-settings\/add$/);
  }
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await connectTestMailbox(page);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
});

test('after the profile, backTo is honoured only for same-origin paths', async ({ page }) => {
  await signUpAndVerify(page);
  await completeOnboarding(page);
  await page.goto('/home?backTo=%2Fdata');
  await expect(page).toHaveURL(/\/data$/);
  await page.goto('/home?backTo=%2F%2Fevil.example');
  await expect(page).toHaveURL(/\/home/);
  expect(new URL(page.url()).host).toBe(new URL(process.env.E2E_URL!).host);
});

test('a signed-in user opening /signin goes to /home', async ({ page }) => {
  await signUpAndVerify(page);
  await completeOnboarding(page);
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/home$/);
});

test('an unknown path shows the not-found screen with Go Back', async ({ page }) => {
  await signUpAndVerify(page);
  await completeOnboarding(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
});
