import { expect, test, type Page } from '@playwright/test';
import { completeOnboarding, signUpAndVerify } from './helpers';
import { expectAccessible } from './axe';

/** The AI chat assistant on the built-in local engine: each assistant type, clear, history per type, accessibility. */

const GREETING = 'Hello! I am your AI assistant. How can I help you today?';

async function ask(page: Page, question: string) {
  // Enter sends (the help guide's floating card may sit over the Send button at the bottom right).
  await page.getByLabel('Your message').fill(question);
  await page.getByLabel('Your message').press('Enter');
}

test('chat with the local engine in each assistant type, clear, and get the history back per type', async ({ page }) => {
  await signUpAndVerify(page);
  await completeOnboarding(page);
  const saved = await page.request.post('/api/data', {
    data: { title: 'Parking', text: 'Free parking is available behind the shop. The car park closes at 8 pm.' },
  });
  expect(saved.status()).toBe(201);

  await page.getByRole('link', { name: 'AI chat assistant' }).click();
  await expect(page).toHaveURL(/\/agent$/);
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText(GREETING)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'AI', exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expectAccessible(page, 'agent');

  // ai: general help from the knowledge base and the help guide.
  await ask(page, 'Is there parking near the shop?');
  await expect(log.getByText('Free parking is available behind the shop.')).toBeVisible();
  await expect(page.getByText('Answered by the built-in local engine.')).toBeVisible();
  await ask(page, 'How do I invite a colleague to my team?');
  await expect(log.getByText('From the help guide, "Team and users":')).toBeVisible();
  // The conversation scrolls within itself: the page stays put and the message field on the screen.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByLabel('Your message')).toBeInViewport();

  // email: a draft reply grounded in the knowledge base.
  await page.getByRole('radio', { name: 'Email' }).click();
  await expect(log.getByText('Is there parking near the shop?')).toBeHidden();
  await ask(page, 'Hello, is there parking near your shop? Thanks, Carol');
  await expect(log.getByText(/Here is a draft reply based on your knowledge base:/)).toBeVisible();
  await expect(log.getByText(/Thank you for your message\./)).toBeVisible();

  // classification: the user's categories (none yet) and what they are for.
  await page.getByRole('radio', { name: 'Classification' }).click();
  await ask(page, 'Which categories do I have?');
  await expect(log.getByText(/You have no categories yet\./)).toBeVisible();
  await expectAccessible(page, 'agent');

  // Each type gets its own conversation back, also after a reload.
  await page.getByRole('radio', { name: 'AI', exact: true }).click();
  await expect(log.getByText('Is there parking near the shop?')).toBeVisible();
  await expect(log.getByText(/Thanks, Carol/)).toBeHidden();
  await page.reload();
  await expect(log.getByText('Is there parking near the shop?')).toBeVisible();
  await page.getByRole('radio', { name: 'Email' }).click();
  await expect(log.getByText(/Thanks, Carol/)).toBeVisible();

  // Clear: the greeting alone, the type kept; the other types keep theirs.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(log.getByRole('listitem').filter({ hasText: /\S/ })).toHaveCount(1);
  await expect(log.getByText(GREETING)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();
  await page.getByRole('radio', { name: 'AI', exact: true }).click();
  await expect(log.getByText('Is there parking near the shop?')).toBeVisible();
  await page.getByRole('radio', { name: 'Email' }).click();
  await expect(log.getByRole('listitem').filter({ hasText: /\S/ })).toHaveCount(1);

  // Blank input is not sent.
  await page.getByLabel('Your message').fill('   ');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
});
