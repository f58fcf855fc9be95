import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { completeProfile, signUpAndVerify, uniqueEmail } from './helpers';

const steps = [
  'Connect your mailbox',
  'Classification',
  'Classification instructions',
  'Response and routing instructions',
  'Knowledge base',
  'Advanced instructions',
];

/** The stored progress of the signed-in user (spec 02 §3: local storage, one entry per user). */
async function storedProgress(page: Page) {
  const { uid } = (await (await page.request.get('/api/session')).json()) as { uid: string };
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null,
    `helpGuide:${uid}`,
  );
}

/**
 * The image shows screenshot `src` and has loaded: at one pixel per point (the suite's window), its
 * 640 px wide file.
 */
async function expectScreenshot(image: ReturnType<Page['getByRole']>, src: string) {
  await expect(image).toHaveAttribute('src', src);
  const file = src.replace(/\.webp$/, '-640.webp');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && new URL(img.currentSrc).pathname)).toBe(file);
  const width = await image.evaluate(async (img: HTMLImageElement) => {
    const picture = new Image();
    picture.src = img.currentSrc;
    await picture.decode();
    return picture.naturalWidth;
  });
  expect(width).toBe(640);
}

async function newUserOnConnectScreen(page: Page, tag: string) {
  await signUpAndVerify(page, uniqueEmail(tag));
  await completeProfile(page);
  await expect(page).toHaveURL(/\/email-settings\/add/);
  // The save's toast comes once the toaster's code has loaded; seen whole before axe looks at the screen.
  await expect(page.getByText('Profile saved')).toBeVisible();
}

/**
 * A new user's first page load with the guide to open (its progress in this browser forgotten): the
 * pictures the page downloads, once the guide shows its first one, and whether the picture was asked
 * for while the guide's code was held back (it is asked for beside that code, not by the modal).
 */
async function firstVisitPictures(page: Page) {
  await newUserOnConnectScreen(page, 'guide-picture');
  const { uid } = (await (await page.request.get('/api/session')).json()) as { uid: string };
  await page.evaluate((key) => localStorage.removeItem(key), `helpGuide:${uid}`);
  const pictures: string[] = [];
  let pictureAsked = () => {};
  const asked = new Promise<void>((resolve) => (pictureAsked = resolve));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/help-guide/')) return;
    pictures.push(pathname);
    pictureAsked();
  });
  let askedBeforeModalCode = false;
  await page.route('**/assets/help-guide-modal-*.js', async (route) => {
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 5000))]);
    askedBeforeModalCode = pictures.length > 0;
    await route.continue();
  });
  await page.reload();
  const image = page.getByRole('dialog', { name: 'Getting started guide' }).getByRole('img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return { pictures, askedBeforeModalCode };
}

test('a new user walks the help guide to the end; it opens by itself only once', async ({ page }) => {
  await newUserOnConnectScreen(page, 'guide');
  const guide = page.getByRole('dialog', { name: 'Getting started guide' });
  await expect(guide).toBeVisible();
  await expect(guide.getByText('Step 1 of 6')).toBeVisible();
  await expectScreenshot(guide.getByRole('img'), '/help-guide/en/step-1.webp');

  await expectAccessible(page, 'help guide');

  for (const [index, title] of steps.entries()) {
    await expect(guide.getByText(`Step ${index + 1} of 6`)).toBeVisible();
    await expect(guide.getByRole('heading', { name: new RegExp(`^${title}`) })).toBeVisible();
    if (index < steps.length - 1) await guide.getByRole('button', { name: 'Next' }).click();
  }
  await expect(guide.getByText('Optional')).toBeVisible();
  await expect(guide.getByRole('button', { name: 'Go to step 5: Knowledge base (done)' })).toBeVisible();
  await guide.getByRole('button', { name: 'Finish' }).click();
  await expect(guide).toBeHidden();

  // The Getting started button counts what is really set up (nothing yet), not the pages read.
  const button = page.getByRole('button', { name: 'Getting started, Next: Connect your mailbox' });
  await expect(button).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Help guide progress' })).toHaveAttribute('aria-valuenow', '0');
  expect(await storedProgress(page)).toMatchObject({ guideCompleted: true, completedSteps: [0, 1, 2, 3, 4, 5], totalViews: 1 });

  await page.reload();
  await expect(button).toBeVisible();
  await expect(guide).toHaveCount(0);
  expect(await storedProgress(page)).toMatchObject({ openedFirstTime: true, totalViews: 1 });

  // Closed, it stays closed; the header's help guide button still opens the guide.
  await page.getByRole('button', { name: 'Hide the help guide button' }).click();
  await expect(button).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Help guide', exact: true })).toBeVisible();
  await expect(button).toBeHidden();
  await page.getByRole('button', { name: 'Help guide', exact: true }).click();
  await expect(guide).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(guide).toBeHidden();
  await expect(button).toBeHidden();
});

test('in French the guide shows the French screenshots and moves with the keyboard', async ({ page }) => {
  await newUserOnConnectScreen(page, 'guide-fr');
  await expect(page.getByRole('dialog', { name: 'Getting started guide' })).toBeVisible();
  await page.goto('/email-settings/add?lng=fr');
  await expect(page.getByRole('heading', { name: 'Connectez votre boîte mail' })).toBeVisible();
  await page.getByRole('button', { name: "Guide d'aide", exact: true }).click();

  const guide = page.getByRole('dialog', { name: 'Guide de démarrage' });
  await expect(guide).toBeVisible();
  const image = guide.getByRole('img');
  await expect(image).toHaveAccessibleName("L'écran de connexion de la boîte mail avec les cartes Gmail, Outlook et SMTP");
  for (let step = 1; step <= 6; step++) {
    await expect(guide.getByText(`Étape ${step} sur 6`)).toBeVisible();
    await expectScreenshot(image, `/help-guide/fr/step-${step}.webp`);
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('ArrowLeft');
  await expect(guide.getByText('Étape 5 sur 6')).toBeVisible();
  await guide.getByRole('button', { name: /^Aller à l'étape 2 :/ }).click();
  await expect(guide.getByRole('heading', { name: 'Classification' })).toBeVisible();

  await expectAccessible(page, 'help guide in French');

  // Focus stays inside the modal.
  for (let i = 0; i < 15; i++) await page.keyboard.press('Tab');
  expect(await guide.evaluate((el) => el.contains(document.activeElement))).toBe(true);
});

// The picture is asked for as soon as the session answers, beside the guide's code; the modal's
// <img> then takes that same file from the memory cache.
test('a first visit downloads the guide’s first picture once, 640 px wide at one pixel per point', async ({ page }) => {
  expect(await firstVisitPictures(page)).toEqual({ pictures: ['/help-guide/en/step-1-640.webp'], askedBeforeModalCode: true });
});

test.describe('on a screen of two pixels per point', () => {
  test.use({ deviceScaleFactor: 2 });

  test('a first visit downloads the 1000 px picture once', async ({ page }) => {
    expect(await firstVisitPictures(page)).toEqual({ pictures: ['/help-guide/en/step-1.webp'], askedBeforeModalCode: true });
  });
});

test('the Getting started button never covers a control, on a phone or a desktop screen', async ({ page }) => {
  await newUserOnConnectScreen(page, 'guide-overlap');
  await page.keyboard.press('Escape');
  const button = page.getByRole('button', { name: /^Getting started/ });
  for (const size of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    for (const path of ['/email-settings/add', '/email-settings/categories', '/profile', '/agent']) {
      await page.goto(path);
      await expect(button).toBeVisible();
      // Scrolled to the end too: a card floating over the page would sit on whatever comes under it.
      for (const scroll of [0, 100_000]) {
        await page.evaluate((y) => window.scrollTo(0, y), scroll);
        const covered = await button.evaluate((own) => {
          const card = own.parentElement!.getBoundingClientRect();
          const controls = Array.from(
            document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"]'),
          );
          return controls
            .filter((c) => !own.parentElement!.contains(c) && c.offsetParent !== null)
            .filter((c) => {
              const r = c.getBoundingClientRect();
              return (
                r.width > 0 &&
                r.height > 0 &&
                r.left < card.right &&
                r.right > card.left &&
                r.top < card.bottom &&
                r.bottom > card.top
              );
            })
            .map((c) => c.getAttribute('aria-label') ?? c.textContent?.trim() ?? c.tagName);
        });
        expect(covered, `${size.width}px ${path}`).toEqual([]);
      }
    }
  }
});
