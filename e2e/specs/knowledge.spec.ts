import { expect, test } from '@playwright/test';
import { completeOnboarding, scriptPaths, signUpAndVerify } from './helpers';

test('create, search, edit and delete knowledge entries', async ({ page }) => {
  await signUpAndVerify(page);
  await completeOnboarding(page);
  await expect(page.getByText('No data yet. Add your first entry so the AI can use it.')).toBeVisible();

  const entries = [
    ['Refund policy', 'Customers get their money back within 30 days of delivery.'],
    ['Opening hours', 'We are open Monday to Friday, 9 am to 6 pm.'],
    ['Shipping', 'Parcels leave the warehouse every day before noon.'],
  ];
  for (const [title, content] of entries) {
    await page.getByRole('button', { name: 'Add' }).first().click();
    await expect(page).toHaveURL(/\/data$/);
    await page.getByLabel('Title').fill(title!);
    await page.getByLabel('Content').fill(content!);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
    // The "saved" toast sits bottom-right, where the next form's Save button is; a pointer resting on
    // a toast keeps it open, as it should for a person reading it: the pointer leaves the spot where
    // Save was pressed, and the toast is waited out.
    await page.mouse.move(0, 0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  }

  await page.getByLabel('Search').fill('warehouse');
  await expect(page.getByRole('cell', { name: 'Shipping', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Refund policy', exact: true })).toBeHidden();
  await page.getByLabel('Search').fill('');
  await expect(page.getByRole('cell', { name: 'Refund policy', exact: true })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'Opening hours' });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/data\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Title')).toHaveValue('Opening hours');
  await page.reload();
  await expect(page.getByLabel('Content')).toHaveValue('We are open Monday to Friday, 9 am to 6 pm.');
  await page.getByLabel('Content').fill('We are open every day, 8 am to 8 pm.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'We are open every day, 8 am to 8 pm.' })).toBeVisible();

  await page.getByRole('row').filter({ hasText: 'Shipping' }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Delete Data')).toBeVisible();
  await expect(
    dialog.getByText('Are you sure you want to permanently delete this data? This action cannot be undone.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('cell', { name: 'Shipping', exact: true })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('cell', { name: 'Refund policy', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Shipping', exact: true })).toBeHidden();
});

test('a long list is paged ten at a time with the spec pagination text, without loading zod', async ({ page, request }) => {
  await signUpAndVerify(page);
  await completeOnboarding(page);
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  for (let i = 1; i <= 23; i++) {
    const res = await request.post('/api/data', {
      headers: { cookie, origin: process.env.E2E_URL! },
      data: { title: `Note ${i}`, text: `Body ${i}` },
    });
    expect(res.status()).toBe(201);
  }
  const scripts = scriptPaths(page);
  await page.reload();
  await expect(page.getByText('Showing 1-10 of 23')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The list, the menus and the help guide's progress need neither zod nor the form controls.
  expect(scripts.filter((path) => /\/assets\/(forms|ui-controls)-/.test(path))).toEqual([]);
  await page.getByRole('button', { name: '3' }).click();
  await expect(page.getByText('Showing 21-23 of 23')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Note 1', exact: true })).toBeVisible();
});

test('an entry marked internal shows its badge in the list, in English and in French', async ({ page }) => {
  await signUpAndVerify(page);
  await completeOnboarding(page);

  await page.getByRole('button', { name: 'Add' }).first().click();
  await page.getByLabel('Title').fill('Vault code');
  await page.getByLabel('Content').fill('The vault code is 4821.');
  const internal = page.getByRole('switch', { name: 'Internal entry' });
  await expect(internal).not.toBeChecked();
  await internal.focus();
  await page.keyboard.press('Space');
  await expect(internal).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const row = page.getByRole('row').filter({ hasText: 'Vault code' });
  await expect(row.getByText('Internal', { exact: true })).toBeVisible();
  // The pointer leaves the spot of Save, where the "saved" toast sits (hovered, it stays open).
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

  await page.goto('/home?lng=fr');
  await expect(row.getByText('Interne', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter' }).first().click();
  await page.getByLabel('Titre').fill('Code de l’alarme');
  await page.getByLabel('Contenu').fill('Le code de l’alarme est AX-77Q.');
  await page.getByRole('switch', { name: 'Entrée interne' }).press('Space');
  await expect(page.getByRole('switch', { name: 'Entrée interne' })).toBeChecked();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('row').filter({ hasText: 'Code de l’alarme' }).getByText('Interne', { exact: true })).toBeVisible();
});
