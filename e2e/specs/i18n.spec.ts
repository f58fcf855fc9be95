import { expect, test } from '@playwright/test';
import { completeOnboarding, signUpAndVerify, uniqueEmail } from './helpers';

test('switching to French translates the screens and is remembered', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Fr' });
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toMatch(/^fr/);

  await page.goto('/signup');
  await page.getByLabel('Mot de passe', { exact: true }).fill('a');
  await expect(page.getByText('Au moins 6 caractères')).toBeVisible();

  await signUpAndVerify(page, uniqueEmail('fr'), 'fr');
  await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
  await expect(page.getByLabel("Secteur d'activité")).toBeVisible();
});

test('?lng=fr selects French', async ({ page }) => {
  await page.goto('/signin?lng=fr');
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
});

test('the knowledge screen in French', async ({ page }) => {
  await signUpAndVerify(page);
  await completeOnboarding(page);
  await page.goto('/home?lng=fr');
  await expect(page.getByRole('heading', { name: 'Base de connaissances' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter' }).first()).toBeVisible();
});
