import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { closeHelpGuide, completeProfile, signUpAndVerify, skipWithoutMailServer, uniqueEmail } from './helpers';

/**
 * Rules categories in daily use, against global-setup's real Dovecot (the rules spec's own mailbox)
 * and the worker's pipeline, in English and in French: through the category form, one category in
 * "at least one condition" mode (subject contains a word, or sender e-mail contains another) and one
 * whose sender e-mail contains `john.doe`; the form's preview on the mail already there, then new
 * mail filed by the pipeline into each category's folder (read back over IMAP and in the webmail),
 * a message meeting only one of the two conditions included, and mail meeting none left in the inbox.
 */

const ui = {
  en: {
    createDialog: 'Create your categories',
    addManually: 'Add manually',
    addCategory: 'Add label/folder',
    folderName: 'Folder name',
    rulesCard: 'Conditional Mail Filtering',
    addValue: 'Add value',
    valueLabel: (field: string, n: number) => `${field} contains, value ${n}`,
    subject: 'Subject',
    senderEmail: 'Sender email',
    matchAll: 'every condition',
    matchAny: 'at least one condition',
    preview: 'Preview',
    previewNone: (scanned: number) => `None of the ${scanned} newest messages of the tracked folder would be filed here.`,
    previewSome: (count: number, scanned: number) =>
      `${count} of the ${scanned} newest messages of the tracked folder would be filed here:`,
    save: 'Save',
    saved: 'The category was saved.',
    categoriesTable: 'Categories',
    conditional: 'Conditional filter',
    activityBlock: 'Activity',
    summary: (processed: number) => `Last 24 hours: ${processed} handled, 0 waiting, 0 failed.`,
  },
  fr: {
    createDialog: 'Créez vos catégories',
    addManually: 'Ajouter manuellement',
    addCategory: 'Ajouter un libellé/dossier',
    folderName: 'Nom du dossier',
    rulesCard: 'Filtrage conditionnel des e-mails',
    addValue: 'Ajouter une valeur',
    valueLabel: (field: string, n: number) => `${field} contient, valeur ${n}`,
    subject: 'Objet',
    senderEmail: "E-mail de l'expéditeur",
    matchAll: 'toutes les conditions',
    matchAny: 'au moins une condition',
    preview: 'Aperçu',
    previewNone: (scanned: number) => `Aucun des ${scanned} messages les plus récents du dossier suivi ne serait classé ici.`,
    previewSome: (count: number, scanned: number) =>
      `${count} des ${scanned} messages les plus récents du dossier suivi ${count > 1 ? 'seraient classés' : 'serait classé'} ici :`,
    save: 'Enregistrer',
    saved: 'La catégorie a été enregistrée.',
    categoriesTable: 'Catégories',
    conditional: 'Filtre conditionnel',
    activityBlock: 'Activité',
    summary: (processed: number) => `Dernières 24 heures : ${processed} traités, 0 en attente, 0 en échec.`,
  },
};
type Ui = (typeof ui)['en'];

type Mail = { name: string; address: string; subject: string; body: string };

/**
 * Each language's mail, as a small business receives it. `earlier` is in the inbox before the
 * assistant is connected (what the preview scans); `later` arrives once the categories exist.
 */
const mail = {
  en: {
    billing: { folder: 'Billing', subjectWord: 'invoice', senderWord: 'billing' },
    // Ann's invoice meets the subject condition only; the supplier's billing desk the sender one only.
    ann: { name: 'Ann Keller', address: 'ann.keller@elsewhere.example' },
    desk: { name: 'Supplier Billing', address: 'billing@supplier.example' },
    other: { name: 'Eve Martin', address: 'eve.martin@neighbours.example' },
    earlier: {
      ann: ['Invoice INV-1041 for the March order', 'Please find our invoice for the March order attached.'],
      desk: ['Statement of account, March', 'Your statement of account for March is ready.'],
      john: ['Lunch on Friday?', 'Are you free for lunch on Friday?'],
      other: ['Garden party on Saturday', 'We are having a garden party on Saturday, do come along.'],
    },
    later: {
      ann: ['Invoice INV-1042 for the April order', 'Please find our invoice for the April order attached.'],
      desk: ['Statement of account, April', 'Your statement of account for April is ready.'],
      john: ["Slides for Monday's meeting", 'Here are the slides for our meeting on Monday.'],
      other: ['Photos of the garden party', 'Here are a few photos of the garden party.'],
    },
  },
  fr: {
    billing: { folder: 'Facturation', subjectWord: 'facture', senderWord: 'compta' },
    ann: { name: 'Claire Petit', address: 'claire.petit@ailleurs.example' },
    desk: { name: 'Service Compta', address: 'compta@fournisseur.example' },
    other: { name: 'Marc Durand', address: 'marc.durand@voisins.example' },
    earlier: {
      ann: ['Facture F-1041 de la commande de mars', 'Veuillez trouver ci-joint notre facture de la commande de mars.'],
      desk: ['Relevé de compte de mars', 'Votre relevé de compte de mars est disponible.'],
      john: ['Déjeuner vendredi ?', 'Es-tu libre pour déjeuner vendredi ?'],
      other: ['Fête du jardin samedi', 'Nous faisons une fête dans le jardin samedi, venez donc.'],
    },
    later: {
      ann: ["Facture F-1042 de la commande d'avril", "Veuillez trouver ci-joint notre facture de la commande d'avril."],
      desk: ["Relevé de compte d'avril", "Votre relevé de compte d'avril est disponible."],
      john: ['Support pour la réunion de lundi', 'Voici le support pour notre réunion de lundi.'],
      other: ['Photos de la fête du jardin', 'Voici quelques photos de la fête du jardin.'],
    },
  },
};
const JOHN = { name: 'John Doe', address: 'john.doe@client.com' };
const JOHN_FOLDER = 'John Doe';

const mailbox = () => ({ user: process.env.E2E_RULES_USER!, pass: process.env.E2E_RULES_PASS! });

async function withImap<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: Number(process.env.E2E_IMAP_PORT),
    secure: false,
    auth: mailbox(),
    logger: false,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}

/** A header value, encoded (RFC 2047) when it is not plain ASCII. */
const header = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`);

const raw = (m: Mail) =>
  Buffer.from(
    `From: ${header(m.name)} <${m.address}>\r\nTo: ${mailbox().user}\r\nSubject: ${header(m.subject)}\r\n` +
      `Message-ID: <${randomBytes(8).toString('hex')}@${m.address.split('@')[1]}>\r\nDate: ${new Date().toUTCString()}\r\n` +
      'MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n' +
      `${m.body}\r\n`,
  );

const deliver = (messages: Mail[]) =>
  withImap(async (client) => {
    for (const m of messages) await client.append('INBOX', raw(m));
  });

/** The subjects in a folder, sorted. */
const subjectsIn = (folder: string) =>
  withImap(async (client) => {
    const lock = await client.getMailboxLock(folder);
    try {
      if (!client.mailbox || !client.mailbox.exists) return [];
      const subjects: string[] = [];
      for await (const message of client.fetch('1:*', { envelope: true })) subjects.push(message.envelope?.subject ?? '');
      return subjects.sort();
    } finally {
      lock.release();
    }
  });

/** The mailbox as global-setup made it: no mail, no folder but the inbox and the special ones. */
const emptyMailbox = () =>
  withImap(async (client) => {
    for (const folder of await client.list()) {
      if (folder.path !== 'INBOX' && !folder.specialUse) {
        await client.mailboxDelete(folder.path);
        continue;
      }
      const lock = await client.getMailboxLock(folder.path);
      try {
        if (client.mailbox && client.mailbox.exists) await client.messageDelete('1:*');
      } finally {
        lock.release();
      }
    }
  });

/** Connects the rules mailbox with classification on and no AI response, then waits until the worker reads it. */
async function connectRulesMailbox(page: Page) {
  const res = await page.request.post('/api/email-settings', {
    data: {
      provider: 'smtp',
      responseType: 0,
      isSyncEnabled: false,
      isClassificationEnabled: true,
      settings: {
        host: 'localhost',
        port: Number(process.env.E2E_SMTP_PORT),
        user: mailbox().user,
        pass: mailbox().pass,
        imapHost: 'localhost',
        imapPort: Number(process.env.E2E_IMAP_PORT),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  // Mail is followed from the moment the worker first reads the mailbox: wait for that first.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/email-settings')).json()) as { lastSyncedAt: string | null }).lastSyncedAt,
      { timeout: 30_000 },
    )
    .not.toBeNull();
}

async function addValue(page: Page, t: Ui, field: string, value: string) {
  const rule = page.getByRole('group', { name: new RegExp(`^${field}`) });
  await rule.getByRole('button', { name: t.addValue }).click();
  const n = await rule.getByRole('textbox').count();
  await page.getByLabel(t.valueLabel(field, n), { exact: true }).fill(value);
}

/** Runs the form's preview and answers its result. */
async function preview(page: Page, t: Ui) {
  await page.getByRole('button', { name: t.preview, exact: true }).click();
  return page.locator('form').getByRole('status');
}

async function saveCategory(page: Page, t: Ui, folder: string) {
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page).toHaveURL(/\/email-settings$/, { timeout: 20_000 });
  // The toast of an earlier save may still be there.
  await expect(page.getByText(t.saved).last()).toBeVisible();
  const row = page.getByRole('table', { name: t.categoriesTable }).getByRole('row').filter({ hasText: folder });
  await expect(row.getByText(t.conditional)).toBeVisible();
}

test.describe('rules categories file new mail through the pipeline', () => {
  test.setTimeout(180_000);

  for (const lang of ['en', 'fr'] as const) {
    test(`an "any" category and "sender e-mail contains john.doe", previewed and filing mail (${lang})`, async ({ page }) => {
      skipWithoutMailServer();
      const t = ui[lang];
      const m = mail[lang];
      const tag = randomBytes(3).toString('hex');
      const message = (who: 'ann' | 'desk' | 'john' | 'other', when: 'earlier' | 'later'): Mail => {
        const [subject, body] = m[when][who];
        return { ...(who === 'john' ? JOHN : m[who]), subject: `${subject} [${tag}]`, body: body! };
      };
      const earlier = (['ann', 'desk', 'john', 'other'] as const).map((who) => message(who, 'earlier'));
      const later = (['ann', 'desk', 'john', 'other'] as const).map((who) => message(who, 'later'));
      const [annEarlier, deskEarlier, johnEarlier] = earlier;
      const [annLater, deskLater, johnLater, otherLater] = later;

      await emptyMailbox();
      await signUpAndVerify(page, uniqueEmail(`rules-${lang}`));
      await completeProfile(page);
      await closeHelpGuide(page);
      // Mail already in the inbox before the assistant comes: the preview scans it, the pipeline leaves it.
      await deliver(earlier);
      await connectRulesMailbox(page);
      try {
        await page.goto(`/email-settings?lng=${lang}`);
        const offer = page.getByRole('dialog', { name: t.createDialog });
        await offer.getByRole('button', { name: t.addManually }).click();
        await expect(page).toHaveURL(/\/email-settings\/categories$/);

        // Subject contains the word, or sender e-mail contains the other: with every condition
        // required none of the earlier mail qualifies; with one of them, Ann's and the desk's do.
        await page.getByLabel(t.folderName).fill(m.billing.folder);
        await page.getByRole('radio', { name: t.rulesCard }).click();
        await addValue(page, t, t.subject, m.billing.subjectWord);
        await addValue(page, t, t.senderEmail, m.billing.senderWord);
        await expect(page.getByRole('radio', { name: t.matchAll })).toBeChecked();
        await expect(await preview(page, t)).toHaveText(t.previewNone(4));
        await page.getByRole('radio', { name: t.matchAny }).click();
        const anyResult = await preview(page, t);
        await expect(anyResult.locator('p')).toHaveText(t.previewSome(2, 4));
        await expect(anyResult.getByRole('listitem')).toHaveCount(2);
        await expect(anyResult.getByRole('listitem').filter({ hasText: annEarlier!.subject })).toHaveText(
          `${annEarlier!.name} · ${annEarlier!.subject}`,
        );
        await expect(anyResult.getByRole('listitem').filter({ hasText: deskEarlier!.subject })).toHaveText(
          `${deskEarlier!.name} · ${deskEarlier!.subject}`,
        );
        await saveCategory(page, t, m.billing.folder);

        // "contains john.doe" matches john.doe@client.com.
        await page.getByRole('button', { name: t.addCategory }).click();
        await page.getByLabel(t.folderName).fill(JOHN_FOLDER);
        await page.getByRole('radio', { name: t.rulesCard }).click();
        await addValue(page, t, t.senderEmail, 'john.doe');
        const johnResult = await preview(page, t);
        await expect(johnResult.locator('p')).toHaveText(t.previewSome(1, 4));
        await expect(johnResult.getByRole('listitem')).toHaveText([`${JOHN.name} · ${johnEarlier!.subject}`]);
        await saveCategory(page, t, JOHN_FOLDER);

        // New mail: the worker's pipeline files it.
        await deliver(later);
        await expect
          .poll(
            async () => {
              const activity = (await (await page.request.get('/api/email-settings/activity')).json()) as Record<string, unknown>;
              return { processed: activity.processed, pending: activity.pending, failed: activity.failed };
            },
            { timeout: 60_000 },
          )
          .toEqual({ processed: 4, pending: 0, failed: 0 });
        expect(await subjectsIn(m.billing.folder)).toEqual([annLater!.subject, deskLater!.subject].sort());
        expect(await subjectsIn(JOHN_FOLDER)).toEqual([johnLater!.subject]);
        // The mail meeting no condition stays in the inbox, beside the earlier mail nobody filed.
        expect(await subjectsIn('INBOX')).toEqual([...earlier.map((e) => e.subject), otherLater!.subject].sort());

        await page.goto('/email-settings');
        await expect(page.getByRole('region', { name: t.activityBlock }).getByText(t.summary(4))).toBeVisible();

        // The webmail shows each folder's mail.
        await page.goto('/inbox');
        const tree = page.getByRole('tree');
        await tree.getByRole('button', { name: new RegExp(`^${m.billing.folder}`) }).click();
        await expect(page.locator('li[data-uid]')).toHaveCount(2);
        for (const filed of [annLater!, deskLater!])
          await expect(page.locator('li[data-uid]', { hasText: filed.subject })).toBeVisible();
        await tree.getByRole('button', { name: new RegExp(`^${JOHN_FOLDER}`) }).click();
        await expect(page.locator('li[data-uid]')).toHaveCount(1);
        await expect(page.locator('li[data-uid]', { hasText: johnLater!.subject })).toBeVisible();
      } finally {
        // The assistant stops before the other language's run, which starts from an empty mailbox.
        await page.request.delete('/api/email-settings', { data: {} });
        await emptyMailbox();
      }
    });
  }
});
