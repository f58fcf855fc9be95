import { expect, test } from '@playwright/test';
import {
  completeOnboarding,
  completeProfile,
  connectTestMailbox,
  outboxLink,
  PASSWORD,
  signUpAndVerify,
  signUpThroughUi,
  uniqueEmail,
} from './helpers';

test('sign up, read the verification mail, verify, complete the profile', async ({ page }) => {
  const email = uniqueEmail('owner');
  await signUpThroughUi(page, email);
  await expect(page.getByText('Your email is not verified. Check your inbox for the verification link.')).toBeVisible();

  await page.goto(await outboxLink(email, '/api/auth/verify-email'));
  await completeProfile(page);
  // No mailbox yet: the mail-provider guard asks for one first.
  await expect(page).toHaveURL(/\/email-settings\/add$/);
  await connectTestMailbox(page);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Knowledge database' })).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByLabel('Website')).toHaveValue('https://www.example.com');
  await expect(page.getByLabel('Role')).toHaveValue('Founder');
});

test('the sign-up form shows the first failing rule and the live checklist', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await expect(page.getByText('At least 6 characters')).toBeVisible();
  await page.getByLabel('Confirm password').fill('abd');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('abc');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
});

test('an unverified e-mail and a wrong password get their messages', async ({ page }) => {
  const email = uniqueEmail('unverified');
  await signUpThroughUi(page, email);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please verify your email before logging in')).toBeVisible();

  await page.getByLabel('Password').fill('Wrong1!x');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid login or password')).toBeVisible();
});

test('sign out, then sign in again with the password', async ({ page }) => {
  const email = await signUpAndVerify(page);
  await completeOnboarding(page);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(email);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Signed out on /home, the gate kept backTo=/home, which the guards leave in place.
  await expect(page).toHaveURL(/\/home(\?backTo=%2Fhome)?$/);
  await expect(page.getByRole('heading', { name: 'Knowledge database' })).toBeVisible();
});

test('forgot password sends a reset link that sets a new password', async ({ page }) => {
  const email = await signUpAndVerify(page);
  await completeOnboarding(page);
  await page.context().clearCookies();

  await page.goto('/password-forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText('If you have an account with login AND a password in the application, a password reset email is sent to you'),
  ).toBeVisible();

  await page.goto(await outboxLink(email, '/api/auth/reset-password'));
  await expect(page).toHaveURL(/\/password-reset\?token=/);
  await page.getByLabel('New password').fill('Changed2@');
  await page.getByLabel('Confirm password').fill('Changed2@');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Changed2@');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});
