import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { completeProfile, connectTestMailbox, signUpAndVerify } from '../specs/helpers';
import { repoRoot } from '../server-process';

/**
 * The help guide's six illustrations, per language: real screens of the app, 1000 × 625 px, and the
 * same at 640 × 400 for phones and one-pixel-per-point screens (`stepImageSources`).
 */
const texts = {
  en: {
    connectHeading: 'Connect your mailbox',
    classificationBlock: 'Classification',
    folderName: 'Folder name',
    instruction: 'AI classification instruction',
    responseInstructions: 'Response instructions',
    forward: 'Forward to (routing emails)',
    knowledgeHeading: 'Knowledge database',
    email: 'anna.martin@example.com',
    formName: 'Price requests',
    actionLabel: 'Action',
    reply: 'Reply',
    category: {
      name: 'Quotes',
      instruction: 'Quotes and price requests from prospective customers',
      responseInstructions: 'Thank them, attach our price list and propose a call this week.',
      email: ['sales@example.com'],
    },
    draft: {
      name: 'Support',
      instruction: 'Questions from customers about an order they have already placed',
      responseInstructions: 'Answer from the knowledge base and give the order tracking link.',
    },
    knowledge: [
      ['Opening hours', 'We are open Monday to Friday, 9 am to 6 pm, and Saturday morning.'],
      ['Refund policy', 'Customers get their money back within 30 days of delivery.'],
      ['Price list', 'Standard plan 29 EUR a month, Premium 59 EUR a month, both without commitment.'],
    ],
  },
  fr: {
    connectHeading: 'Connectez votre boîte mail',
    classificationBlock: 'Classification',
    folderName: 'Nom du dossier',
    instruction: 'Instruction de classification IA',
    responseInstructions: 'Instructions de réponse',
    forward: 'Transférer à (e-mails de routage)',
    knowledgeHeading: 'Base de connaissances',
    email: 'claire.dubois@example.com',
    formName: 'Demandes de prix',
    actionLabel: 'Action',
    reply: 'Répondre',
    category: {
      name: 'Devis',
      instruction: 'Demandes de devis et de prix de clients potentiels',
      responseInstructions: 'Remerciez, joignez notre grille tarifaire et proposez un appel cette semaine.',
      email: ['ventes@example.com'],
    },
    draft: {
      name: 'Service client',
      instruction: "Questions de clients au sujet d'une commande déjà passée",
      responseInstructions: 'Répondez à partir de la base de connaissances et donnez le lien de suivi.',
    },
    knowledge: [
      ["Horaires d'ouverture", 'Nous sommes ouverts du lundi au vendredi, de 9 h à 18 h, et le samedi matin.'],
      ['Remboursement', 'Les clients sont remboursés dans les 30 jours suivant la livraison.'],
      ['Tarifs', 'Offre Standard 29 EUR par mois, Premium 59 EUR par mois, sans engagement.'],
    ],
  },
};

const outDir = (lang: string) => path.join(repoRoot, 'apps/web/public/help-guide', lang);

async function shoot(page: Page, lang: string, step: number) {
  await page.evaluate(() => document.fonts.ready);
  // No caret blinking or hover left over in the picture.
  await page.mouse.move(0, 0);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  writeFileSync(path.join(outDir(lang), `step-${step}.webp`), await webp(page, png));
  writeFileSync(path.join(outDir(lang), `step-${step}-640.webp`), await webp(page, png, 640));
}

/**
 * The screenshot as WebP at quality 0.9, encoded by the browser's own canvas, `width` pixels wide:
 * half the PNG's size at full width (~35 kB for 72), half again at 640, which the first signed-in
 * visit waits for on a phone, as the guide opens by itself then.
 */
async function webp(page: Page, png: Buffer, width?: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ([base64, targetWidth]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = targetWidth ?? image.naturalWidth;
      canvas.height = Math.round((image.naturalHeight * canvas.width) / image.naturalWidth);
      const context = canvas.getContext('2d')!;
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', 0.9);
    },
    [png.toString('base64'), width] as const,
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** A new owner, profile done, standing on the mailbox connection screen, guide closed and its button hidden. */
async function newOwner(page: Page, lang: 'en' | 'fr') {
  await signUpAndVerify(page, texts[lang].email);
  await completeProfile(page);
  await expect(page).toHaveURL(/\/email-settings\/add/);
  const guide = page.getByRole('dialog', { name: 'Getting started guide' });
  await expect(guide).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(guide).toBeHidden();
  await page.getByRole('button', { name: 'Hide the help guide button' }).click();
  await page.goto(`/email-settings/add?lng=${lang}`);
}

async function seedData(page: Page, t: (typeof texts)[keyof typeof texts]) {
  for (const category of [
    { ...t.category, classifierType: 'ai', action: 1 },
    { ...t.draft, classifierType: 'ai', action: 2 },
  ]) {
    const res = await page.request.post('/api/email-settings/categories', { data: category });
    expect(res.status(), await res.text()).toBe(201);
  }
  for (const [title, text] of t.knowledge) {
    const res = await page.request.post('/api/data', { data: { title, text } });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

async function fillCategoryForm(page: Page, t: (typeof texts)[keyof typeof texts]) {
  await page.goto('/email-settings/categories');
  await page.getByLabel(t.folderName).fill(t.formName);
  await page.getByLabel(t.instruction).fill(t.category.instruction);
  await page.getByLabel(t.responseInstructions).fill(t.category.responseInstructions);
  await page.getByLabel(t.forward).fill(t.category.email[0]!);
  await page.getByLabel(t.forward).press('Enter');
  await page.getByRole('combobox', { name: t.actionLabel }).click();
  await page.getByRole('option', { name: t.reply, exact: true }).click();
  await page.getByLabel(t.folderName).focus();
  await page.getByLabel(t.folderName).blur();
}

for (const lang of ['en', 'fr'] as const) {
  test(`help guide screenshots (${lang})`, async ({ page }) => {
    const t = texts[lang];
    mkdirSync(outDir(lang), { recursive: true });
    await newOwner(page, lang);
    await expect(page.getByRole('heading', { name: t.connectHeading })).toBeVisible();
    await page.getByRole('radio', { name: 'SMTP / IMAP' }).click();
    await shoot(page, lang, 1);

    await connectTestMailbox(page);
    await seedData(page, t);
    await page.goto('/email-settings');
    await expect(page.getByRole('cell', { name: t.category.name, exact: true })).toBeVisible();
    const classification = page.getByRole('region', { name: new RegExp(`^${t.classificationBlock}`) });
    await classification.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shoot(page, lang, 2);

    await fillCategoryForm(page, t);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, lang, 3);
    await page.getByLabel(t.responseInstructions).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shoot(page, lang, 4);

    await page.goto('/home');
    await expect(page.getByRole('heading', { name: t.knowledgeHeading })).toBeVisible();
    await expect(page.getByRole('cell', { name: t.knowledge[0]![0], exact: true })).toBeVisible();
    await shoot(page, lang, 5);

    // The instructions screen (/prompt), whatever it shows in this build.
    await page.goto('/prompt');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await shoot(page, lang, 6);
  });
}
