import { expect, test } from '@playwright/test';
import { completeProfile, signUpAndVerify, uniqueEmail } from './helpers';

/**
 * Each user's own AI provider on /profile (issue 39, item 5), against the real server: the engine in
 * use, a provider whose test call reaches nothing refused with the server's reason in the user's
 * language and nothing saved, and the AI use table, in English and French.
 */
test('the profile says which engine answers, and refuses a provider that does not answer', async ({ page }) => {
  await signUpAndVerify(page, uniqueEmail('engine'));
  await completeProfile(page);
  await expect(page).toHaveURL(/\/email-settings\/add/);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'AI engine' });
  await expect(section.getByText('Built-in engine (no AI provider)')).toBeVisible();
  await expect(section.getByText('No AI use yet.')).toBeVisible();

  await section.getByLabel('Provider', { exact: true }).selectOption({ label: 'OpenAI-compatible server' });
  await section.getByLabel('Model', { exact: true }).fill('llama3');
  // A closed local port: the server's one test call is refused at once.
  await section.getByLabel('Server address', { exact: true }).fill('http://127.0.0.1:9/v1');
  await section.getByRole('button', { name: 'Test and save' }).click();
  await expect(section.getByRole('alert')).toHaveText('The provider could not be reached: check the address and the model.');
  await expect(section.getByText('Built-in engine (no AI provider)')).toBeVisible();
  expect(((await (await page.request.get('/api/ai-provider')).json()) as { own: unknown }).own).toBeNull();

  await page.goto('/profile?lng=fr');
  const fr = page.getByRole('region', { name: "Moteur d'IA" });
  await expect(fr).toBeVisible();
  await fr.getByLabel('Fournisseur', { exact: true }).selectOption({ index: 0 });
  await fr.getByLabel('Modèle', { exact: true }).fill('gpt-4o-mini');
  await fr.getByRole('button', { name: /Tester et enregistrer/ }).click();
  // The shared schema refuses it in the browser: a hosted provider needs its key.
  await expect(fr.getByText("Saisissez la clé d'API du fournisseur.")).toBeVisible();
});
