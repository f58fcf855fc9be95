import { randomBytes } from 'node:crypto';
import { test as base, expect, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from './axe';
import {
  closeHelpGuide,
  completeProfile,
  connectWebmailInbox,
  PASSWORD,
  signUpAndVerify,
  skipWithoutMailServer,
  uniqueEmail,
  webmailImap,
} from './helpers';

/**
 * Accessibility of every screen (issue 9): no serious or critical axe violation in English and in
 * French, in the light and the dark theme, the main flows with the keyboard only and a visible focus
 * ring, and no horizontal scroll on a phone. One account, onboarded once with a message in its
 * mailbox, serves every test.
 */

const LANGUAGES = ['en', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];
/**
 * Every screen in both languages in the light theme, and once more in the dark theme (which the app
 * follows from the system's preference), in English only: the colours do not depend on the language.
 */
const AUDITS = [...LANGUAGES.map((lang) => ({ lang, theme: 'light' as const })), { lang: 'en' as const, theme: 'dark' as const }];
/** The signed-in screens the phone test walks through, beyond those it opens in English. */
const PHONE_SCREENS = [
  '/email-settings',
  '/email-settings/categories',
  '/profile',
  '/users',
  '/users/add',
  '/users/bulk',
  '/agent',
  '/prompt',
  '/tutorials',
  '/plugins',
  '/feedback',
];
const tag = randomBytes(4).toString('hex');
const subject = `Accessible ${tag}`;

/** Waits until the screen has loaded (its marker shown, no spinner or skeleton left), then audits it. */
async function audit(page: Page, screen: string, ready: Locator = page.locator('h1').first()) {
  await expect(ready, `${screen} is shown`).toBeVisible();
  await expect(page.locator('.animate-spin, [aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page, screen);
}

/**
 * Goes to a screen the way the app's own links do (the router follows the history), which spares
 * reloading the app for each of the many screens. The headings on screen until then are marked, so
 * that the wait is for the new screen's (the locator returned), not for the old one's while the new
 * one loads.
 */
async function goInApp(page: Page, path: string): Promise<Locator> {
  await page.evaluate((to) => {
    document.querySelectorAll('h1').forEach((heading) => (heading.dataset.previousScreen = ''));
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  return page.locator('h1:not([data-previous-screen])').first();
}

/** Goes to a screen in the app (`goInApp`) and audits it once loaded. */
async function visit(page: Page, path: string, screen: string, ready?: Locator) {
  const heading = await goInApp(page, path);
  await audit(page, screen, ready ?? heading);
}

/** One unread message with an attachment in the webmail mailbox, to open and read. */
async function seedMessage() {
  const raw =
    `From: Client <client@client.example>\r\nTo: ${process.env.E2E_INBOX_USER}\r\nSubject: ${subject}\r\n` +
    `Message-ID: <${tag}@client.example>\r\nDate: ${new Date().toUTCString()}\r\nMIME-Version: 1.0\r\n` +
    'Content-Type: multipart/mixed; boundary="b1"\r\n\r\n' +
    '--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>Hello, could you send me the offer?</p>\r\n' +
    '--b1\r\nContent-Type: text/plain; name="offer.txt"\r\nContent-Disposition: attachment; filename="offer.txt"\r\n\r\nOffer\r\n' +
    '--b1--\r\n';
  const client = webmailImap();
  await client.connect();
  await client.append('INBOX', Buffer.from(raw), []);
  await client.logout();
}

/**
 * Removes it again: the webmail spec shares this mailbox and counts on its own mail being the
 * oldest of the inbox.
 */
async function removeMessage() {
  const client = webmailImap();
  await client.connect();
  const lock = await client.getMailboxLock('INBOX');
  try {
    const uids = await client.search({ subject }, { uid: true });
    if (Array.isArray(uids) && uids.length) await client.messageDelete(uids, { uid: true });
  } finally {
    lock.release();
    await client.logout();
  }
}

/**
 * A new user with a profile, the webmail mailbox connected (no sync, no classification: the
 * pipeline leaves its mail alone) and one knowledge entry; the help guide, which opens by itself
 * for a new user, is closed.
 */
async function onboardedUser(page: Page) {
  const email = await signUpAndVerify(page, uniqueEmail('a11y'));
  await completeProfile(page);
  await expect(page).toHaveURL(/\/email-settings\/add/);
  await closeHelpGuide(page);
  await connectWebmailInbox(page);
  const entry = await page.request.post('/api/data', {
    data: { title: 'Opening hours', text: 'We are open Monday to Friday, 9 am to 6 pm.' },
  });
  expect(entry.status()).toBe(201);
  return email;
}

type Account = { email: string; state: Awaited<ReturnType<BrowserContext['storageState']>> };

const test = base.extend<object, { account: Account }>({
  account: [
    async ({ browser }, use) => {
      await seedMessage();
      const context = await browser.newContext({ baseURL: process.env.E2E_URL });
      const email = await onboardedUser(await context.newPage());
      const state = await context.storageState();
      await context.close();
      await use({ email, state });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  storageState: ({ account }, use) => use(account.state),
});

const messageRow = (page: Page) => page.locator('li[data-uid]', { hasText: subject });

async function auditSignedOutScreens(page: Page) {
  await page.goto('/signin');
  await audit(page, 'signin');
  await visit(page, '/signup', 'signup');
  await visit(page, '/password-forgot', 'password-forgot');
  await visit(page, '/password-reset?token=e2e-token', 'password-reset');
  await visit(page, '/invitations/verify', 'invitation without a token');
  await visit(page, '/password-reset', 'password-reset without a token');
  await visit(page, '/no/such/page', '404');
}

async function auditInbox(page: Page) {
  await visit(page, '/inbox', 'inbox', messageRow(page));
  await messageRow(page).getByRole('button', { name: subject }).click();
  await audit(page, 'inbox, message open', page.getByRole('heading', { level: 2, name: subject }));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('c');
  await audit(page, 'compose', page.getByRole('dialog'));
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  await audit(page, 'keyboard shortcuts', page.getByRole('dialog'));
  await page.keyboard.press('Escape');
}

async function auditSignedInScreens(page: Page, lang: Language) {
  await page.goto(`/home?lng=${lang}`);
  await audit(page, 'home', page.getByRole('cell', { name: 'Opening hours', exact: true }));
  await page.getByRole('button', { name: lang === 'fr' ? 'Menu utilisateur' : 'User menu' }).click();
  await audit(page, 'user menu', page.getByRole('menu'));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: lang === 'fr' ? "Guide d'aide" : 'Help guide', exact: true }).click();
  await audit(page, 'help guide', page.getByRole('dialog'));
  await page.keyboard.press('Escape');
  await visit(page, '/data', 'knowledge form');
  await auditInbox(page);
  await visit(page, '/email-settings', 'mail settings');
  await visit(page, '/email-settings/categories', 'category form');
  await visit(page, '/email-settings/add', 'connect a mailbox');
  await visit(page, '/profile', 'profile');
  await visit(page, '/users', 'team list');
  await visit(page, '/users/add', 'add a team member');
  await visit(page, '/users/bulk', 'bulk invite');
  await visit(page, '/agent', 'agent', page.getByRole('log'));
  await visit(page, '/prompt', 'prompt');
  await visit(page, '/tutorials', 'tutorials');
  await visit(page, '/plugins', 'plugins');
  await visit(page, '/feedback', 'feedback');
}

test.describe('accessibility', () => {
  skipWithoutMailServer();
  test.afterAll(removeMessage);

  for (const { lang, theme } of AUDITS) {
    test(`${lang}, ${theme} theme: no serious or critical axe violation on any screen`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await auditSignedInScreens(page, lang);
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`));
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), 'dark theme on').toBe(
        theme === 'dark',
      );
      await page.context().clearCookies();
      await auditSignedOutScreens(page);
    });
  }

  test('sign in, read a message and compose with the keyboard only', async ({ page, account }) => {
    await page.context().clearCookies();
    await page.goto('/signin');
    await tabUntil(page, page.getByLabel('Email'));
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/inbox');
    const open = messageRow(page).getByRole('button', { name: subject });
    await tabUntil(page, open);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
    await tabUntil(page, page.getByRole('button', { name: 'Back to the list' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(open).toBeVisible();

    await tabUntil(page, page.getByRole('button', { name: 'Compose', exact: true }), { backwards: true });
    await page.keyboard.press('Enter');
    const compose = page.getByRole('dialog', { name: 'New message' });
    await expect(compose.getByLabel('To')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(compose).toBeHidden();
  });

  test('buttons, links and fields show a focus ring when reached with Tab', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('cell', { name: 'Opening hours', exact: true })).toBeVisible();
    await expectFocusRings(page, 25, 'home');
    await page.context().clearCookies();
    await page.goto('/signin');
    await expect(page.locator('h1')).toBeVisible();
    await expectFocusRings(page, 15, 'signin');
  });

  test('no horizontal scroll on a phone: home, inbox, a message, knowledge form, sign-in', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/home');
    await expectNoHorizontalScroll(page, testInfo, 'home', page.getByText('Opening hours', { exact: true }));
    await page.goto('/inbox');
    await expectNoHorizontalScroll(page, testInfo, 'inbox', messageRow(page));
    // A row on two lines, as mail apps draw them: the sender over the subject, which has the row's width.
    const senderBox = await messageRow(page).getByText('Client', { exact: true }).boundingBox();
    const subjectButton = messageRow(page).getByRole('button', { name: subject });
    const subjectBox = await subjectButton.boundingBox();
    expect(subjectBox!.y).toBeGreaterThanOrEqual(senderBox!.y + senderBox!.height);
    expect(await subjectButton.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await subjectButton.click();
    await expectNoHorizontalScroll(page, testInfo, 'message', page.getByRole('heading', { level: 2, name: subject }));
    // The read panel's actions all fit beside each other (icons alone on a phone).
    const forward = page.getByRole('button', { name: 'Forward' });
    const box = await forward.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    await page.goto('/data');
    await expectNoHorizontalScroll(page, testInfo, 'knowledge-form', page.locator('h1'));
    await page.context().clearCookies();
    await page.goto('/signin');
    await expectNoHorizontalScroll(page, testInfo, 'signin', page.locator('h1'));
  });

  for (const lang of LANGUAGES)
    test(`${lang}: every other screen fits a phone, its content within the page's margins`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`/home?lng=${lang}`);
      await expect(page.getByText('Opening hours', { exact: true })).toBeVisible();
      for (const path of PHONE_SCREENS) {
        const heading = await goInApp(page, path);
        const ready = path === '/agent' ? page.getByRole('log') : heading;
        const screen = `${lang}${path.replaceAll('/', '-')}`;
        await expectNoHorizontalScroll(page, testInfo, screen, ready);
        expect.soft(await widerThanTheColumn(page), `content wider than the column on ${screen}`).toEqual([]);
      }
      await page.context().clearCookies();
      for (const path of ['/signup', '/password-forgot']) {
        await page.goto(`${path}?lng=${lang}`);
        await expectNoHorizontalScroll(page, testInfo, `${lang}${path}`, page.locator('h1'));
      }
    });
});

/** Presses Tab (or Shift+Tab) until the target has the focus; fails when it is not reachable. */
async function tabUntil(page: Page, target: Locator, { backwards = false } = {}) {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  for (let step = 0; step < 80; step++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached with ${key}`).toBeFocused({ timeout: 1 });
}

/** Tabs through the first controls of the page: links, buttons and fields are met, and every one shows a ring. */
async function expectFocusRings(page: Page, steps: number, screen: string) {
  // The end state of the ring, not a frame of its transition.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const rings = new Map<string, boolean>();
  for (let step = 0; step < steps; step++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(focusRingOfActiveElement);
    if (seen) rings.set(seen.kind, (rings.get(seen.kind) ?? true) && seen.ringed);
  }
  expect(Object.fromEntries(rings), `focus rings on ${screen}`).toMatchObject({ input: true, button: true, link: true });
  expect(rings.get('other') ?? true, `focus ring of the other focusable elements on ${screen}`).toBe(true);
}

/**
 * Whether the focused element looks different from itself unfocused (outline or box-shadow, which
 * Tailwind's rings are); runs in the page.
 */
function focusRingOfActiveElement(): { kind: string; ringed: boolean } | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return null;
  const kind = el.matches('a')
    ? 'link'
    : el.matches('button, [role="combobox"]')
      ? 'button'
      : el.matches('input, textarea, select')
        ? 'input'
        : 'other';
  const look = () => {
    const style = getComputedStyle(el);
    return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`;
  };
  const focused = look();
  const hasRing = /solid|auto|dashed|dotted/.test(focused.split('|')[0]!) || focused.split('|')[1]!.trim() !== 'none';
  el.blur();
  const unfocused = look();
  el.focus();
  return { kind, ringed: hasRing && focused !== unfocused };
}

/** Once the screen has loaded: its screenshot in the test's output, and no horizontal scroll. */
async function expectNoHorizontalScroll(page: Page, testInfo: TestInfo, screen: string, ready: Locator) {
  await expect(ready).toBeVisible();
  await expect(page.locator('.animate-spin, [aria-busy="true"]')).toHaveCount(0);
  const file = testInfo.outputPath(`phone-${screen}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(`phone-${screen}`, { path: file, contentType: 'image/png' });
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect.soft(scrollWidth, `horizontal scroll on ${screen}`).toBeLessThanOrEqual(clientWidth);
}

/**
 * The blocks of the signed-in screen's column (three levels deep) that reach into its right margin:
 * a row of buttons that cannot wrap widens its whole grid past the padding, without a page scroll.
 * (The webmail fills the page to its edges on purpose.)
 */
function widerThanTheColumn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return [];
    const right = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
    const blocks = main.querySelectorAll<HTMLElement>(':scope > *, :scope > * > *, :scope > * > * > *');
    return Array.from(blocks)
      .filter((block) => block.getBoundingClientRect().right > right + 1)
      .map((block) => `<${block.tagName.toLowerCase()} class="${block.className}">`);
  });
}
