import { expect, test, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { closeHelpGuide, completeProfile, signUpAndVerify, skipWithoutMailServer, uniqueEmail } from './helpers';

/**
 * The mailbox screens against a real Dovecot (IMAP) and a real SMTP server started by
 * global-setup.ts: connect the account through the form, see the settings blocks, meet every
 * message of the category form, create a rules category and an AI-classified one; in English and
 * in French.
 */

const texts = {
  en: {
    notice: 'Please select how to process your incoming emails and your mailbox type.',
    smtpCard: 'SMTP / IMAP',
    user: 'E-mail address',
    pass: 'Password',
    smtpHost: 'SMTP host',
    smtpPort: 'SMTP port',
    imapHost: 'IMAP host',
    imapPort: 'IMAP port',
    advanced: 'Advanced settings',
    fetchRange: 'Period of mail to fetch',
    maxPeriod: 'Maximum period reached: 91 days at most.',
    periodTooLong: 'The time period must not be longer than 3 months.',
    save: 'Save',
    cancel: 'Cancel',
    authFailed: 'IMAP login failed: the username or password was refused.',
    guide: 'Your mailbox is connected.',
    accountBlock: 'Mail account',
    syncBlock: 'Automatic initialisation',
    classificationBlock: 'Classification',
    verify: 'Verify connection',
    verified: 'The connection to your mailbox works.',
    createDialog: 'Create your categories',
    createWithAi: 'Create with AI',
    addManually: 'Add manually',
    aiDialog: 'Create categories with AI',
    aiCount: 'Number of categories',
    countRange: 'Please enter a number between 1 and 10',
    addCategory: 'Add label/folder',
    folderName: 'Folder name',
    forward: 'Forward to (routing emails)',
    rulesCard: 'Conditional Mail Filtering',
    instruction: 'AI classification instruction',
    action: 'Action',
    createDraft: 'Create draft',
    addValue: 'Add value',
    removeEmail: (email: string) => `Remove ${email}`,
    valueLabel: (field: string, n: number) => `${field} contains, value ${n}`,
    subject: 'Subject',
    body: 'Email content',
    senderName: 'Sender name',
    senderEmail: 'Sender email',
    nameOrParent: 'Parent name or category must be entered.',
    blank: 'AI-Powered Classification or Conditional Mail Filtering must not be blank',
    nameInvalid: 'Name can only contain letters, numbers, single spaces between words, dots, hyphens and underscores.',
    nameTooLong: 'The name must be at most 255 characters.',
    invalidEmail: 'Invalid email format',
    sameAsMailbox: 'Forwarding email cannot be the same as the mail account',
    maxForwarding: 'Maximum 50 forwarding email addresses allowed',
    maxValues: 'Maximum 10 values allowed',
    maxEmails: 'Maximum 10 email addresses allowed',
    valueTooLong: 'Value exceeds maximum length',
    emptyValue: 'Empty values are not allowed',
    categoriesTable: 'Categories',
    instantReply: 'Instant reply',
    instantDialog: 'Send replies without review?',
    instantConfirm: 'Turn on instant replies',
    activityBlock: 'Activity',
    // A change of the response type reaches the worker within moments: the notice may meet either mode.
    heldOutOfOffice: /no (?:automatic reply|draft), because it is an out-of-office or other automatic reply\./,
    conditional: 'Conditional filter',
  },
  fr: {
    notice: 'Veuillez sélectionner le traitement de vos e-mails entrants et votre type de boîte mail.',
    smtpCard: 'SMTP / IMAP',
    user: 'Adresse e-mail',
    pass: 'Mot de passe',
    smtpHost: 'Hôte SMTP',
    smtpPort: 'Port SMTP',
    imapHost: 'Hôte IMAP',
    imapPort: 'Port IMAP',
    advanced: 'Paramètres avancés',
    fetchRange: 'Période des e-mails à récupérer',
    maxPeriod: 'Période maximale atteinte : 91 jours au plus.',
    periodTooLong: 'La période ne doit pas dépasser 3 mois.',
    save: 'Enregistrer',
    cancel: 'Annuler',
    authFailed: "Échec de la connexion IMAP : l'identifiant ou le mot de passe a été refusé.",
    guide: 'Votre boîte mail est connectée.',
    accountBlock: 'Compte de messagerie',
    syncBlock: 'Initialisation automatique',
    classificationBlock: 'Classification',
    verify: 'Vérifier la connexion',
    verified: 'La connexion à votre boîte mail fonctionne.',
    createDialog: 'Créez vos catégories',
    createWithAi: "Créer avec l'IA",
    addManually: 'Ajouter manuellement',
    aiDialog: "Créer des catégories avec l'IA",
    aiCount: 'Nombre de catégories',
    countRange: 'Veuillez saisir un nombre entre 1 et 10',
    addCategory: 'Ajouter un libellé/dossier',
    folderName: 'Nom du dossier',
    forward: 'Transférer à (e-mails de routage)',
    rulesCard: 'Filtrage conditionnel des e-mails',
    instruction: 'Instruction de classification IA',
    action: 'Action',
    createDraft: 'Créer un brouillon',
    addValue: 'Ajouter une valeur',
    removeEmail: (email: string) => `Retirer ${email}`,
    valueLabel: (field: string, n: number) => `${field} contient, valeur ${n}`,
    subject: 'Objet',
    body: "Contenu de l'e-mail",
    senderName: "Nom de l'expéditeur",
    senderEmail: "E-mail de l'expéditeur",
    nameOrParent: 'Le nom ou la catégorie parente doit être renseigné.',
    blank: 'La classification par IA ou le filtrage conditionnel des e-mails ne doit pas être vide',
    nameInvalid:
      'Le nom ne peut contenir que des lettres, des chiffres, des espaces simples entre les mots, des points, des tirets et des tirets bas.',
    nameTooLong: 'Le nom ne doit pas dépasser 255 caractères.',
    invalidEmail: "Format d'e-mail invalide",
    sameAsMailbox: "L'e-mail de transfert ne peut pas être celui du compte de messagerie",
    maxForwarding: '50 adresses e-mail de transfert au maximum',
    maxValues: '10 valeurs au maximum',
    maxEmails: '10 adresses e-mail au maximum',
    valueTooLong: 'La valeur dépasse la longueur maximale',
    emptyValue: 'Les valeurs vides ne sont pas autorisées',
    categoriesTable: 'Catégories',
    instantReply: 'Réponse instantanée',
    instantDialog: 'Envoyer des réponses sans relecture ?',
    instantConfirm: 'Activer les réponses instantanées',
    activityBlock: 'Activité',
    heldOutOfOffice:
      /pas de (?:réponse automatique|brouillon), car c'est un message d'absence ou une autre réponse automatique\./,
    conditional: 'Filtre conditionnel',
  },
};
type Texts = (typeof texts)['en'];

const env = {
  imapPort: process.env.E2E_IMAP_PORT ?? '',
  smtpPort: process.env.E2E_SMTP_PORT ?? '',
  user: process.env.E2E_MAIL_USER ?? '',
  pass: process.env.E2E_MAIL_PASS ?? '',
};

/** A day of the calendar, whatever the language: react-day-picker marks each day with data-day. */
const day = (page: Page, date: Date) => {
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return page.locator(`[data-day="${iso}"]:not([data-outside]) button`);
};

async function connectMailbox(page: Page, t: Texts) {
  await expect(page).toHaveURL(/\/email-settings\/add/);
  // No red notice before anything was touched; the processing choice is there without the advanced settings.
  await expect(page.getByRole('radio', { name: t.smtpCard })).toBeVisible();
  await expect(page.getByText(t.notice)).toBeHidden();
  await page.getByRole('radio', { name: t.smtpCard }).click();
  await expect(page.getByText(t.notice)).toBeHidden();

  // The period picker refuses more than 91 days, with a warning that goes away.
  await page.getByLabel(t.advanced).click();
  await page.getByLabel(t.fetchRange).click();
  for (let i = 0; i < 4; i++) await page.locator('.rdp-button_previous').click();
  const today = new Date();
  const start = new Date(today.getFullYear(), today.getMonth() - 4, 1);
  await day(page, start).click();
  for (let i = 0; i < 3; i++) await page.locator('.rdp-button_next').click();
  await day(page, new Date(today.getFullYear(), today.getMonth() - 1, 1)).click();
  await expect(page.getByText(t.maxPeriod)).toBeVisible();
  await expect(page.getByText(t.periodTooLong)).toBeVisible();
  await expect(page.getByText(t.maxPeriod)).toBeHidden({ timeout: 5_000 });
  await page.keyboard.press('Escape');

  await page.getByLabel(t.user).fill(env.user);
  await page.getByLabel(t.pass, { exact: true }).fill('wrong-password');
  await page.getByLabel(t.smtpHost).fill('localhost');
  await page.getByLabel(t.smtpPort).fill(env.smtpPort);
  await expect(page.getByLabel(t.imapHost)).toHaveValue('localhost');
  await page.getByLabel(t.imapPort).fill(env.imapPort);
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByText(t.authFailed)).toBeVisible({ timeout: 20_000 });

  await page.getByLabel(t.pass, { exact: true }).fill(env.pass);
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page).toHaveURL(/\/email-settings$/, { timeout: 30_000 });
}

async function seeSettings(page: Page, t: Texts) {
  // No category yet: the screen offers to create them; the AI modal checks its count.
  const offer = page.getByRole('dialog', { name: t.createDialog });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: t.createWithAi }).click();
  const ai = page.getByRole('dialog', { name: t.aiDialog });
  await ai.getByRole('spinbutton', { name: t.aiCount }).fill('11');
  await expect(ai.getByText(t.countRange)).toBeVisible();
  await ai.getByRole('button', { name: t.cancel }).click();
  await expect(ai).toBeHidden();

  await expect(page.getByText(t.guide)).toBeVisible();
  const account = page.getByRole('region', { name: t.accountBlock });
  await expect(account.getByText(env.user)).toBeVisible();
  await expect(page.getByRole('region', { name: new RegExp(t.syncBlock) })).toBeVisible();
  await expect(page.getByRole('region', { name: new RegExp(`^${t.classificationBlock}`) })).toBeVisible();
  await account.getByRole('button', { name: t.verify }).click();
  await expect(page.getByText(t.verified)).toBeVisible({ timeout: 20_000 });
}

/** Instant replies send mail without review: turning them on asks first, and Cancel changes nothing. */
async function turnOnInstantReplies(page: Page, t: Texts) {
  const account = page.getByRole('region', { name: t.accountBlock });
  const instant = account.getByRole('radio', { name: t.instantReply });
  await instant.click();
  const dialog = page.getByRole('alertdialog', { name: t.instantDialog });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(instant).not.toBeChecked();
  await instant.click();
  await page.getByRole('alertdialog', { name: t.instantDialog }).getByRole('button', { name: t.instantConfirm }).click();
  await expect(instant).toBeChecked({ timeout: 20_000 });
}

/** An out-of-office notice sent without any automatic header gets no reply, and the activity says why. */
async function holdBackOutOfOffice(page: Page, t: Texts, subject: string) {
  // Mail is followed from the moment the worker first reads the mailbox: wait for that first.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/email-settings')).json()) as { lastSyncedAt: string | null }).lastSyncedAt,
      {
        timeout: 30_000,
      },
    )
    .not.toBeNull();
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: Number(env.imapPort),
    secure: false,
    auth: { user: env.user, pass: env.pass },
    logger: false,
  });
  await client.connect();
  const raw = `From: Anne Keller <anne@client.test>\r\nTo: ${env.user}\r\nSubject: ${subject}\r\nMessage-ID: <${subject.replace(/\W/g, '')}.${Date.now()}@client.test>\r\nDate: ${new Date().toUTCString()}\r\n\r\nI am back on Monday.\r\n`;
  await client.append('INBOX', Buffer.from(raw), []);
  await client.logout();
  const activity = page.getByRole('region', { name: t.activityBlock });
  await expect(activity.getByText(subject).filter({ hasText: t.heldOutOfOffice })).toBeVisible({ timeout: 30_000 });
}

async function addValue(page: Page, t: Texts, field: string, value: string) {
  const rule = page.getByRole('group', { name: new RegExp(`^${field}`) });
  await rule.getByRole('button', { name: t.addValue }).click();
  const n = await rule.getByRole('textbox').count();
  await page.getByLabel(t.valueLabel(field, n), { exact: true }).fill(value);
}

async function meetEveryMessage(page: Page, t: Texts) {
  await page.getByRole('button', { name: t.addCategory }).click();
  await expect(page).toHaveURL(/\/email-settings\/categories$/);
  const save = page.getByRole('button', { name: t.save, exact: true });
  const forward = page.getByLabel(t.forward);

  await save.click();
  await expect(page.getByText(t.nameOrParent)).toBeVisible();
  await expect(page.getByText(t.blank)).toBeVisible();

  await page.getByLabel(t.folderName).fill('Bad!!name');
  await forward.fill('nope');
  await forward.press('Enter');
  await save.click();
  await expect(page.getByText(t.nameInvalid)).toBeVisible();
  await expect(page.getByText(t.invalidEmail)).toBeVisible();

  await page.getByLabel(t.folderName).fill('x'.repeat(256));
  await page.getByRole('button', { name: t.removeEmail('nope') }).click();
  await forward.fill(env.user);
  await forward.press('Enter');
  await save.click();
  await expect(page.getByText(t.nameTooLong)).toBeVisible();
  await expect(page.getByText(t.sameAsMailbox)).toBeVisible();

  await page.getByLabel(t.folderName).fill('Invoices');
  await page.getByRole('button', { name: t.removeEmail(env.user) }).click();
  await page.getByRole('radio', { name: t.rulesCard }).click();
  await save.click();
  await expect(page.getByText(t.blank)).toBeVisible();

  for (let i = 0; i < 11; i++) await addValue(page, t, t.subject, `subject ${i}`);
  for (let i = 0; i < 11; i++) await addValue(page, t, t.senderEmail, `sender${i}@example.com`);
  await addValue(page, t, t.body, 'b'.repeat(101));
  await addValue(page, t, t.senderName, '');
  await forward.fill(Array.from({ length: 51 }, (_, i) => `copy${i}@example.com`).join(','));
  await forward.blur();
  await save.click();
  await expect(page.getByText(t.maxValues)).toBeVisible();
  await expect(page.getByText(t.maxEmails)).toBeVisible();
  await expect(page.getByText(t.valueTooLong)).toBeVisible();
  await expect(page.getByText(t.emptyValue)).toBeVisible();
  await expect(page.getByText(t.maxForwarding)).toBeVisible();

  await page.getByRole('button', { name: t.cancel }).click();
  await expect(page).toHaveURL(/\/email-settings$/);
}

async function createCategories(page: Page, t: Texts, suffix: string) {
  await page.getByRole('button', { name: t.addCategory }).click();
  await page.getByLabel(t.folderName).fill(`Invoices ${suffix}`);
  await page.getByRole('radio', { name: t.rulesCard }).click();
  await addValue(page, t, t.subject, 'invoice');
  await page.getByLabel(t.forward).fill('accounting@example.com');
  await page.getByLabel(t.forward).press('Enter');
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page).toHaveURL(/\/email-settings$/, { timeout: 20_000 });

  const table = page.getByRole('table', { name: t.categoriesTable });
  const rules = table.getByRole('row').filter({ hasText: `Invoices ${suffix}` });
  await expect(rules).toBeVisible();
  await expect(rules.getByText(t.conditional)).toBeVisible();
  await expect(rules.getByText('accounting@example.com')).toBeVisible();

  await page.getByRole('button', { name: t.addCategory }).click();
  await page.getByLabel(t.folderName).fill(`Quotes ${suffix}`);
  await page.getByLabel(t.instruction).fill('Requests for a quote or a price list');
  await page.getByLabel(t.action, { exact: true }).click();
  await page.getByRole('option', { name: t.createDraft }).click();
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page).toHaveURL(/\/email-settings$/, { timeout: 20_000 });
  const ai = table.getByRole('row').filter({ hasText: `Quotes ${suffix}` });
  await expect(ai.getByText('Requests for a quote or a price list')).toBeVisible();
  await expect(ai.getByText(t.createDraft)).toBeVisible();
}

test.describe('mail settings', () => {
  skipWithoutMailServer();
  test.setTimeout(240_000);

  for (const lang of ['en', 'fr'] as const) {
    test(`connect an IMAP/SMTP mailbox and set up categories (${lang})`, async ({ page }) => {
      const t = texts[lang];
      await signUpAndVerify(page, uniqueEmail(`mail-${lang}`));
      await completeProfile(page);
      await closeHelpGuide(page);
      if (lang === 'fr') await page.goto('/email-settings/add?lng=fr');
      await connectMailbox(page, t);
      await seeSettings(page, t);
      await turnOnInstantReplies(page, t);
      await holdBackOutOfOffice(page, t, `Out of Office: catering quote ${lang}`);
      await meetEveryMessage(page, t);
      await createCategories(page, t, lang);
      // Both languages connect the same test mailbox: the assistant of this run must not act on the
      // next run's mail (it works on new mail while it classifies or answers, whatever the toggles).
      const disconnected = await page.request.delete('/api/email-settings', { data: {} });
      expect(disconnected.status(), await disconnected.text()).toBeLessThan(300);
    });
  }
});
