import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { completeOnboarding, scriptPaths, signUpAndVerify } from './helpers';

/** Issue 9's budget for the sign-in page's first download, gzipped (bench/web-budget.ts measures it too). */
const SIGN_IN_BUDGET_BYTES = 170_000;

test('the sign-in page downloads under 170 kB of gzipped script until it is ready and idle', async ({ page }) => {
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      sizes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
  });
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  expect(sizes.length).toBeGreaterThan(0);
  expect(total, `${(total / 1000).toFixed(1)} kB`).toBeLessThan(SIGN_IN_BUDGET_BYTES);
});

test('the sign-in page fetches the Better Auth client on the form’s first focus, not before', async ({ page }) => {
  const scripts = scriptPaths(page);
  const authClientLoaded = () => scripts.some((path) => path.includes('better-auth-client'));
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(authClientLoaded()).toBe(false);
  await page.getByLabel('Email').focus();
  await expect.poll(authClientLoaded).toBe(true);
});

test('the sign-in page loads none of the signed-in screens’ library chunks', async ({ page }) => {
  const scripts = scriptPaths(page);
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const signedInChunks = scripts.filter((path) => /\/assets\/(icons|ui-kit|menus|ui-controls|forms|date-picker)-/.test(path));
  expect(scripts.length).toBeGreaterThan(0);
  expect(signedInChunks).toEqual([]);
});

test('a French visitor’s sign-in page downloads the French public texts only', async ({ page }) => {
  const scripts = scriptPaths(page);
  await page.goto('/signin?lng=fr');
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(
    scripts
      .filter((path) => path.startsWith('/assets/texts-'))
      .map((path) => path.replace(/^(\/assets\/texts-\w+-\w+)-.*$/, '$1')),
  ).toEqual(['/assets/texts-fr-public']);
});

test('the text is set in the cut Inter file, not fontsource’s whole Latin one', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(fonts).toEqual([expect.stringMatching(/^\/assets\/inter-latin-400-700-[\w-]+\.woff2$/)]);
  const used = await page.evaluate(() => {
    const loaded: string[] = [];
    document.fonts.forEach((font) => font.status === 'loaded' && loaded.push(font.family));
    return loaded;
  });
  expect(used).toEqual(['Inter Latin']);
});

test('the knowledge list shows before the menus’, the dialogs’ and the other screens’ texts, which come a moment after', async ({
  page,
}) => {
  await signUpAndVerify(page);
  await completeOnboarding(page);
  const scripts = scriptPaths(page);
  const loaded = (chunk: string) => () => scripts.some((path) => path.startsWith(`/assets/${chunk}-`));
  await page.reload();
  await expect(page.getByText('No data yet. Add your first entry so the AI can use it.')).toBeVisible();
  expect(loaded('texts-en-first')()).toBe(true);
  expect(loaded('ui-kit')()).toBe(false);
  expect(loaded('menus')()).toBe(false);
  expect(loaded('texts-en-later')()).toBe(false);
  // Preloaded without anything pressed, so that the menu opens at once.
  await expect.poll(loaded('ui-kit')).toBe(true);
  await expect.poll(loaded('menus')).toBe(true);
  await expect.poll(loaded('texts-en-later')).toBe(true);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
});
