import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { E2E_EVIDENCE_MAILBOXES } from '../global-setup';
import { closeHelpGuide, completeProfile, signUpAndVerify, skipWithoutMailServer, uniqueEmail } from './helpers';

/**
 * Going live with evidence (issue 36), in English and in French, against global-setup's Dovecot and
 * the worker: past mail filed in two category folders is replayed at the initialisation and the
 * settings screen shows the accuracy per category and where the assistant chose differently (one
 * message the owner filed against its words), opening it in the webmail, and what it would have moved
 * of the mail left in the inbox; then a dry run records what the assistant would do with new mail
 * without doing it, the owner marks one right and one wrong (it belonged in no category) and
 * switches to live.
 */

const SMALLBIZ = path.resolve(import.meta.dirname, '../../bench/data/smallbiz');
const PER_FOLDER = 8;

const ui = {
  en: {
    folders: { quotes: 'Quotes', billing: 'Billing' },
    accuracyCard: 'Accuracy on your past mail',
    overall: /Same choice as you for \d+ of 17 messages/,
    precision: /^Precision (\d+%|—)/,
    you: 'You: Quotes',
    inboxTitle: 'Mail you left in your inbox',
    inboxSummary: /^(Of the 2 messages you left in your inbox|It would have left all 2 messages you kept in your inbox)/,
    dryRunCard: 'Dry run',
    start: 'Start the dry run',
    until: /Dry run until/,
    fileInto: 'File into Quotes',
    right: 'Right',
    figures: '1 of 1 reviewed, 0 marked wrong',
    fileAny: /^File into /,
    editQuotes: 'Edit Quotes',
    autopilotToggle: 'Act by itself only when its measured accuracy is high enough',
    measuredNow: /^Measured now: \d+%$/,
    autopilotMin: 'Minimum precision (%)',
    autopilotBadge: 'Autopilot ≥ 95%',
    wrong: 'Wrong',
    belongsIn: 'Where it belongs',
    noCategory: 'No category (leave in the inbox)',
    save: 'Save',
    figuresWrong: '2 of 2 reviewed, 1 marked wrong',
    switchToLive: 'Switch to live',
  },
  fr: {
    folders: { quotes: 'Devis', billing: 'Factures' },
    accuracyCard: 'Précision sur votre courrier passé',
    overall: /Même choix que vous pour \d+ messages? sur 17/,
    precision: /^Précision (\d+\s?%|—)/,
    you: 'Vous : Devis',
    inboxTitle: 'Le courrier laissé dans votre boîte de réception',
    inboxSummary: /^(Sur les 2 messages laissés dans votre boîte de réception|Il aurait laissé en place les 2 messages)/,
    dryRunCard: 'Mode essai',
    start: 'Démarrer le mode essai',
    until: /Mode essai jusqu’au/,
    fileInto: 'Classer dans Devis',
    right: 'Juste',
    figures: '1 sur 1 vérifiés, 0 jugés faux',
    fileAny: /^Classer dans /,
    editQuotes: 'Modifier Devis',
    autopilotToggle: 'N’agir seule que lorsque sa précision mesurée est assez élevée',
    measuredNow: /^Mesurée actuellement : \d+\s%$/,
    autopilotMin: 'Précision minimale (%)',
    autopilotBadge: /^Pilote auto ≥ 95\s%$/,
    wrong: 'Faux',
    belongsIn: 'Où il doit aller',
    noCategory: 'Aucune catégorie (laisser dans la boîte de réception)',
    save: 'Enregistrer',
    figuresWrong: '2 sur 2 vérifiés, 1 jugés faux',
    switchToLive: 'Passer en mode réel',
  },
};

type Lang = keyof typeof ui;

async function withImap<T>(lang: Lang, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: Number(process.env.E2E_IMAP_PORT),
    secure: false,
    auth: E2E_EVIDENCE_MAILBOXES[lang],
    logger: false,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}

/** Messages of the evaluation set's development part, in the language of the run, dated over the last days. */
function pastMail(lang: Lang) {
  const labels = JSON.parse(readFileSync(path.join(SMALLBIZ, 'labels.json'), 'utf8')) as Record<
    string,
    { category: string | null; language: string; split: string }
  >;
  const pick = (category: string | null) =>
    Object.keys(labels).filter(
      (id) => labels[id]!.category === category && labels[id]!.split === 'dev' && labels[id]!.language === lang,
    );
  const read = (id: string, hoursAgo: number) =>
    readFileSync(path.join(SMALLBIZ, 'messages', `${id}.eml`), 'utf8').replace(
      /^Date:.*$/im,
      `Date: ${new Date(Date.now() - hoursAgo * 3_600_000).toUTCString()}`,
    );
  // The misfiled one has a plain subject, to be found on the screen as written in the file.
  const plainSubject = (id: string) =>
    !/^Subject:.*=\?/im.test(readFileSync(path.join(SMALLBIZ, 'messages', `${id}.eml`), 'utf8'));
  const quotes = pick('quotes').slice(0, PER_FOLDER);
  const billingAll = pick('billing');
  const odd = billingAll.find(plainSubject)!;
  const billing = [...billingAll.filter((id) => id !== odd).slice(0, PER_FOLDER), odd];
  const mail = [
    ...quotes.map((id, i) => ({ folder: ui[lang].folders.quotes, raw: read(id, 100 + i * 5) })),
    ...billing.slice(0, PER_FOLDER).map((id, i) => ({ folder: ui[lang].folders.billing, raw: read(id, 102 + i * 5) })),
  ];
  // The newest: a billing message the owner filed in Quotes, against its words.
  const misfiled = read(billing[PER_FOLDER]!, 2);
  mail.push({ folder: ui[lang].folders.quotes, raw: misfiled });
  // Left in the inbox: a price request not sorted yet, and mail of neither category.
  mail.push({ folder: 'INBOX', raw: read(pick('quotes')[PER_FOLDER]!, 50) }, { folder: 'INBOX', raw: read(pick(null)[0]!, 60) });
  return { mail, misfiledSubject: /^Subject:\s*(.*)$/im.exec(misfiled)![1]!.trim() };
}

async function seed(lang: Lang) {
  const { mail, misfiledSubject } = pastMail(lang);
  await withImap(lang, async (client) => {
    for (const folder of Object.values(ui[lang].folders)) await client.mailboxCreate(folder).catch(() => undefined);
    for (const m of mail) await client.append(m.folder, Buffer.from(m.raw), ['\\Seen']);
  });
  return misfiledSubject;
}

/** A new message from a client, delivered into the inbox. */
function deliver(lang: Lang, subject: string, body: string) {
  return withImap(lang, (client) =>
    client.append(
      'INBOX',
      Buffer.from(
        `From: Paul Girard <paul.girard@client.test>\r\nTo: ${E2E_EVIDENCE_MAILBOXES[lang].user}\r\nSubject: ${subject}\r\n` +
          `Message-ID: <m${Date.now()}.${Math.random().toString(36).slice(2)}@client.test>\r\nDate: ${new Date().toUTCString()}\r\n` +
          `MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}\r\n`,
      ),
    ),
  );
}

async function connectAndDescribe(page: Page, lang: Lang) {
  const res = await page.request.post('/api/email-settings', {
    data: {
      provider: 'smtp',
      responseType: 2,
      isSyncEnabled: true,
      isClassificationEnabled: true,
      settings: {
        host: 'localhost',
        port: Number(process.env.E2E_SMTP_PORT),
        user: E2E_EVIDENCE_MAILBOXES[lang].user,
        pass: E2E_EVIDENCE_MAILBOXES[lang].pass,
        imapHost: 'localhost',
        imapPort: Number(process.env.E2E_IMAP_PORT),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const categories = JSON.parse(readFileSync(path.join(SMALLBIZ, 'categories.json'), 'utf8')) as {
    categories: { id: string; instruction: Record<Lang, string> }[];
  };
  for (const [id, folder] of Object.entries(ui[lang].folders)) {
    const instruction = categories.categories.find((c) => c.id === id)!.instruction[lang];
    const created = await page.request.post('/api/email-settings/categories', {
      data: { classifierType: 'ai', name: folder, instruction, action: 0 },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/email-settings/accuracy')).json()) as { judged?: number } | null)?.judged,
      {
        timeout: 60_000,
      },
    )
    .toBe(17);
}

test.describe('going live with evidence', () => {
  test.setTimeout(180_000);

  for (const lang of ['en', 'fr'] as const) {
    test(`the accuracy on past mail, then a dry run reviewed and switched to live (${lang})`, async ({ page }) => {
      skipWithoutMailServer();
      const t = ui[lang];
      const misfiledSubject = await seed(lang);
      await signUpAndVerify(page, uniqueEmail(`evidence-${lang}`));
      await completeProfile(page);
      await closeHelpGuide(page);
      await connectAndDescribe(page, lang);
      try {
        await page.goto(`/email-settings?lng=${lang}`);
        const accuracy = page.getByRole('region', { name: t.accuracyCard });
        await expect(accuracy.getByText(t.overall)).toBeVisible({ timeout: 20_000 });
        for (const folder of Object.values(t.folders)) await expect(accuracy.getByText(folder).first()).toBeVisible();
        await expect(accuracy.getByLabel(t.precision)).toHaveCount(2);
        // The mail left in the inbox is judged too, apart from the figures.
        await expect(accuracy.getByRole('heading', { name: t.inboxTitle })).toBeVisible();
        await expect(accuracy.getByTestId('accuracy-inbox-summary')).toHaveText(t.inboxSummary);
        // The message filed against its words is where the assistant chose differently; it opens in the webmail.
        const disagreement = accuracy.getByRole('listitem').filter({ hasText: misfiledSubject });
        await expect(disagreement.getByText(t.you)).toBeVisible();
        await disagreement.getByRole('link', { name: misfiledSubject }).click();
        await expect(page).toHaveURL(/\/inbox/);
        await expect(page.getByRole('heading', { name: misfiledSubject })).toBeVisible({ timeout: 20_000 });

        // Earned autopilot: Quotes replies and forwards by itself only at 95% measured precision or more.
        await page.goto(`/email-settings?lng=${lang}`);
        await page.getByRole('button', { name: t.editQuotes }).click();
        await page.getByRole('switch', { name: t.autopilotToggle }).click();
        await expect(page.getByText(t.measuredNow)).toBeVisible();
        await page.getByLabel(t.autopilotMin).fill('95');
        await page.getByRole('button', { name: t.save, exact: true }).click();
        await expect(page).toHaveURL(/\/email-settings$/);
        await expect(page.getByText(t.autopilotBadge)).toBeVisible();

        // A dry run: a new price request is recorded, not filed.
        await page.goto(`/email-settings?lng=${lang}`);
        const dryRun = page.getByRole('region', { name: new RegExp(`^${t.dryRunCard}`) });
        await dryRun.getByRole('button', { name: t.start }).click();
        await expect(dryRun.getByText(t.until)).toBeVisible();
        const subject = lang === 'en' ? 'Price for a new patio' : 'Prix pour un nouveau patio';
        const body =
          lang === 'en'
            ? 'Hello, how much would you charge to lay a 12 x 14 ft paver patio? Please send me a quote.'
            : 'Bonjour, combien demandez-vous pour poser un patio en pavés de 12 x 14 pi ? Merci de m’envoyer un devis.';
        await deliver(lang, subject, body);
        const item = dryRun.getByRole('listitem').filter({ hasText: subject });
        await expect(item.getByText(t.fileInto)).toBeVisible({ timeout: 45_000 });
        await item.getByRole('button', { name: t.right, exact: true }).click();
        await expect(dryRun.getByText(t.figures)).toBeVisible();
        // Nothing was moved: the message is still in the inbox.
        const inInbox = await withImap(lang, async (client) => {
          const lock = await client.getMailboxLock('INBOX');
          try {
            return ((await client.search({ subject }, { uid: true })) || []).length;
          } finally {
            lock.release();
          }
        });
        expect(inInbox).toBe(1);

        // Another one marked wrong: it belonged in no category (the API tests show the next one learns it).
        const fence = lang === 'en' ? 'Quote for a garden fence' : 'Devis pour une clôture de jardin';
        await deliver(
          lang,
          fence,
          lang === 'en'
            ? 'Hello, could you give me a price to build 20 m of wooden fence around my garden?'
            : 'Bonjour, pourriez-vous me donner un prix pour poser 20 m de clôture en bois autour de mon jardin ?',
        );
        const second = dryRun.getByRole('listitem').filter({ hasText: fence });
        await expect(second.getByText(t.fileAny)).toBeVisible({ timeout: 45_000 });
        await second.getByRole('button', { name: t.wrong, exact: true }).click();
        await second.getByLabel(t.belongsIn).selectOption({ label: t.noCategory });
        await second.getByRole('button', { name: t.save }).click();
        await expect(dryRun.getByText(t.figuresWrong)).toBeVisible();

        await dryRun.getByRole('button', { name: t.switchToLive }).click();
        await expect(dryRun.getByRole('button', { name: t.start })).toBeVisible();
        // The record stays for the owner to read.
        await expect(item).toBeVisible();
      } finally {
        await page.request.delete('/api/email-settings', { data: {} });
      }
    });
  }
});
