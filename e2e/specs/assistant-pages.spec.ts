import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_SUPPORT_EMAIL } from '../global-setup';
import { waitFor } from '../server-process';
import { expectAccessible } from './axe';
import { completeOnboarding, signUpAndVerify } from './helpers';

/** The outbox mails (quoted-printable undone) sent to `to`. */
function outboxMailsTo(to: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((file) =>
      readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replaceAll('=3D', '='),
    )
    .filter((eml) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(eml));
}

test.describe('assistant pages', () => {
  test.beforeEach(async ({ page }) => {
    await signUpAndVerify(page);
    await completeOnboarding(page);
  });

  test('edit and save advanced instructions; they persist after a reload', async ({ page }) => {
    await page.goto('/prompt');
    await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Default' })).toBeChecked();
    await expect(page.getByText(/10 paragraphs at most/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeHidden();
    await expectAccessible(page, 'prompt');

    await page.getByRole('radio', { name: 'Advanced' }).click();
    await page.getByRole('switch', { name: 'Use these instructions' }).click();
    const contextOption = page.getByLabel('Use my knowledge base as the company context');
    await contextOption.uncheck();
    await page.getByLabel('2. Company context').fill('We repair bicycles in Lyon.');
    await page.getByLabel('1. Tone and style').fill('Friendly and brief.');
    await page.getByLabel('5. Closing and signature').fill('Cheers, the Velo team');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The prompt was saved successfully.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('radio', { name: 'Advanced' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Use these instructions' })).toBeChecked();
    await expect(page.getByLabel('1. Tone and style')).toHaveValue('Friendly and brief.');
    await expect(page.getByLabel('2. Company context')).toHaveValue('We repair bicycles in Lyon.');
    await expect(page.getByLabel('5. Closing and signature')).toHaveValue('Cheers, the Velo team');

    // Ticking the context option clears and disables section 2; the switch saves at once.
    await contextOption.check();
    await expect(page.getByLabel('2. Company context')).toBeDisabled();
    await expect(page.getByLabel('2. Company context')).toHaveValue('');
    await page.getByRole('switch', { name: 'Use these instructions' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeHidden();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Use these instructions' })).not.toBeChecked();
    await expect(page.getByLabel('2. Company context')).toHaveValue('We repair bicycles in Lyon.');
  });

  test('send feedback to the support address', async ({ page }) => {
    await page.goto('/feedback');
    await expect(page.getByRole('heading', { name: 'Feedback' })).toBeVisible();
    await expectAccessible(page, 'feedback');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please fill in all fields.')).toBeVisible();

    const message = `The drafts are great <b>${Date.now()}</b>`;
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Message').fill(message);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText("Message sent successfully! We'll be in touch soon.")).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveValue('');

    const escaped = message.replace('<b>', '&lt;b&gt;').replace('</b>', '&lt;/b&gt;');
    await waitFor(async () => outboxMailsTo(E2E_SUPPORT_EMAIL).some((eml) => eml.includes(escaped)), 15_000, 'the feedback mail');
  });

  test('tutorials show only the entries with a video, and the plugins page announces the Gmail extension', async ({ page }) => {
    await page.goto('/tutorials');
    await expect(page.getByRole('heading', { name: 'Tutorials', level: 1 })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(6);
    await expect(page.locator('iframe[title="Connect an Outlook mailbox"]')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/e2e-outlook-connection',
    );
    await expect(page.getByRole('heading', { name: 'Connect a Gmail mailbox' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'The Gmail plugin' })).toHaveCount(0);
    await expectAccessible(page, 'tutorials');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Gmail add-in' }).click();
    await expect(page).toHaveURL(/\/plugins$/);
    await expect(page.getByRole('heading', { name: 'The Gmail extension is coming soon' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the mailbox settings' })).toBeVisible();
    await expectAccessible(page, 'plugins');

    // The spec's page is French.
    await page.goto('/plugins?lng=fr');
    await expect(page.getByRole('heading', { name: "L'extension Gmail arrive bientôt" })).toBeVisible();
    await expectAccessible(page, 'plugins in French');
  });
});
