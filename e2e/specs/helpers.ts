import { expect, test, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { linkFromOutbox, waitFor } from '../server-process';

export const PASSWORD = 'Secret1!';
let counter = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;

/** The link of the newest outbox mail to `to`, as the user would click it. */
export async function outboxLink(to: string, pathPart: string): Promise<string> {
  let link: string | null = null;
  await waitFor(async () => Boolean((link = linkFromOutbox(process.env.E2E_DATA_DIR!, to, pathPart))), 15_000, `a mail to ${to}`);
  return link!;
}

const labels = {
  en: { email: 'Email', password: 'Password', confirm: 'Confirm password', submit: 'Sign up' },
  fr: { email: 'E-mail', password: 'Mot de passe', confirm: 'Confirmer le mot de passe', submit: "S'inscrire" },
};

export async function signUpThroughUi(page: Page, email: string, lang: keyof typeof labels = 'en') {
  const l = labels[lang];
  await page.goto('/signup');
  await page.getByLabel(l.email).fill(email);
  await page.getByLabel(l.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(l.confirm).fill(PASSWORD);
  await page.getByRole('button', { name: l.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);
}

/** Signs up and opens the verification link: the user lands signed in. */
export async function signUpAndVerify(page: Page, email = uniqueEmail('user'), lang: keyof typeof labels = 'en') {
  await signUpThroughUi(page, email, lang);
  await page.goto(await outboxLink(email, '/api/auth/verify-email'));
  return email;
}

export async function completeProfile(page: Page) {
  await expect(page).toHaveURL(/\/profile/);
  await page.getByLabel('Business sector').click();
  await page.getByRole('option', { name: 'Consulting' }).click();
  await page.getByLabel('Role').fill('Founder');
  await page.getByLabel('Phone number').fill('+33 6 12 34 56');
  await page.getByLabel('Website').fill('example.com');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

/** The help guide opens by itself once for a new user (spec 02 §2); specs about other screens close it. */
export async function closeHelpGuide(page: Page) {
  const guide = page.getByRole('dialog');
  await expect(guide).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(guide).toBeHidden();
}

/**
 * Skips the calling test (or describe block) when global-setup found no Dovecot. Never under CI:
 * there global-setup fails the run instead.
 */
export function skipWithoutMailServer() {
  test.skip(Boolean(process.env.E2E_MAIL_SKIP), process.env.E2E_MAIL_SKIP);
}

/**
 * Connects the test mailbox (global-setup's Dovecot and SMTP server) for the signed-in user through
 * the API, so that the mail-provider guard lets them reach the other screens.
 */
export async function connectTestMailbox(page: Page) {
  skipWithoutMailServer();
  const res = await page.request.post('/api/email-settings', {
    data: {
      provider: 'smtp',
      responseType: 2,
      settings: {
        host: 'localhost',
        port: Number(process.env.E2E_SMTP_PORT),
        user: process.env.E2E_MAIL_USER,
        pass: process.env.E2E_MAIL_PASS,
        imapHost: 'localhost',
        imapPort: Number(process.env.E2E_IMAP_PORT),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Profile done and mailbox connected: the user reaches /home like an established user. */
export async function completeOnboarding(page: Page) {
  await completeProfile(page);
  await expect(page).toHaveURL(/\/email-settings\/add/);
  await connectTestMailbox(page);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * Connects global-setup's webmail mailbox (E2E_INBOX_USER) for the signed-in user, sync off: the
 * webmail only, no pipeline acting on the mailbox while a test reads it.
 */
export async function connectWebmailInbox(page: Page) {
  const res = await page.request.post('/api/email-settings', {
    data: {
      provider: 'smtp',
      responseType: 0,
      isSyncEnabled: false,
      isClassificationEnabled: false,
      settings: {
        host: 'localhost',
        port: Number(process.env.E2E_SMTP_PORT),
        user: process.env.E2E_INBOX_USER,
        pass: process.env.E2E_INBOX_PASS,
        imapHost: 'localhost',
        imapPort: Number(process.env.E2E_IMAP_PORT),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** An IMAP client on the webmail mailbox, to deliver test mail or take it away. */
export function webmailImap() {
  return new ImapFlow({
    host: '127.0.0.1',
    port: Number(process.env.E2E_IMAP_PORT),
    secure: false,
    auth: { user: process.env.E2E_INBOX_USER!, pass: process.env.E2E_INBOX_PASS! },
    logger: false,
  });
}

/** The paths of the scripts the page requests from now on, e.g. `/assets/forms-….js`. */
export function scriptPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}
