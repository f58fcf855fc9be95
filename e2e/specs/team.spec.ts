import { expect, test, type Browser, type Page } from '@playwright/test';
import { closeHelpGuide, completeOnboarding, completeProfile, outboxLink, PASSWORD, signUpAndVerify, uniqueEmail } from './helpers';

/** The team screens (spec 02 §2 "Users / invitations", §5 "CSV bulk invite", "Set password"), in English and French. */

const HEADER = 'firstName,lastName,email,enableSetting,connectionMethod';
const csvFile = (name: string, lines: string[], mimeType = 'text/csv') => ({
  name,
  mimeType,
  buffer: Buffer.from([HEADER, ...lines].join('\n')),
});

const texts = {
  en: {
    users: 'Users',
    add: 'Add',
    upload: 'Upload',
    email: 'Email',
    firstName: 'First name',
    emailPassword: 'Email/password',
    full: 'AI configuration + writing assistant',
    assistant: 'Writing assistant only',
    send: 'Send invitation',
    required: 'This field is required.',
    invalidEmail: 'Please enter a valid email address.',
    invited: (email: string) => `Invitation sent to ${email}`,
    sent: 'Sent',
    accepted: 'Accepted',
    administrator: 'Administrator',
    user: 'User',
    setPasswordTitle: 'Join your team',
    password: 'Password',
    confirm: 'Confirm password',
    setPassword: 'Set password',
    mismatch: 'Passwords do not match.',
    tooShort: 'Password must be at least 6 characters long.',
    passwordSet: 'Your password is set. Sign in to start.',
    signIn: 'Sign in',
    nav: 'Main navigation',
    settings: 'Settings',
    noToken: 'No verification token provided. Please check the link or request a new verification email.',
    usedLink: 'This invitation has already been used.',
    resend: (email: string) => `Resend the invitation to ${email}`,
    file: 'CSV file',
    uploadData: 'Upload Validated Data',
    fileType: 'Invalid file type. Please upload a CSV file.',
    missingHeaders: 'Missing required header names: enableSetting, connectionMethod',
    structure: 'Invalid CSV structure: missing required columns.',
    summary: 'Validation failed with 4 errors',
    rows: [
      'Row 2: Invalid or missing email (not-an-email)',
      'Row 3: Duplicate email address',
      'Row 4: Invalid or missing connection method (fax)',
      'Row 5: Invalid or missing enableSetting (true/false, 1/0 or yes/no) (perhaps)',
    ],
    noData: 'No validated data to upload.',
    ready: (n: number, file: string) => `${n} users from ${file} are ready to invite.`,
    uploaded: (n: number) => `${n} invitations sent`,
    download: 'Download example CSV',
  },
  fr: {
    users: 'Utilisateurs',
    add: 'Ajouter',
    upload: 'Importer',
    email: 'E-mail',
    firstName: 'Prénom',
    emailPassword: 'E-mail/mot de passe',
    full: 'Configuration IA + assistant de rédaction',
    assistant: 'Assistant de rédaction uniquement',
    send: "Envoyer l'invitation",
    required: 'Ce champ est obligatoire.',
    invalidEmail: 'Veuillez saisir une adresse e-mail valide.',
    invited: (email: string) => `Invitation envoyée à ${email}`,
    sent: 'Envoyée',
    accepted: 'Acceptée',
    administrator: 'Administrateur',
    user: 'Utilisateur',
    setPasswordTitle: 'Rejoindre votre équipe',
    password: 'Mot de passe',
    confirm: 'Confirmer le mot de passe',
    setPassword: 'Définir le mot de passe',
    mismatch: 'Les mots de passe ne correspondent pas.',
    tooShort: 'Le mot de passe doit contenir au moins 6 caractères.',
    passwordSet: 'Votre mot de passe est défini. Connectez-vous pour commencer.',
    signIn: 'Se connecter',
    nav: 'Navigation principale',
    settings: 'Paramètres',
    noToken: 'Aucun jeton de vérification fourni. Veuillez vérifier le lien ou demander un nouvel e-mail de vérification.',
    usedLink: 'Cette invitation a déjà été utilisée.',
    resend: (email: string) => `Renvoyer l'invitation à ${email}`,
    file: 'Fichier CSV',
    uploadData: 'Importer les données validées',
    fileType: 'Type de fichier invalide. Veuillez importer un fichier CSV.',
    missingHeaders: 'En-têtes obligatoires manquants : enableSetting, connectionMethod',
    structure: 'Structure CSV invalide : colonnes obligatoires manquantes.',
    summary: 'La validation a échoué avec 4 erreurs',
    rows: [
      'Ligne 2 : E-mail invalide ou manquant (not-an-email)',
      'Ligne 3 : Adresse e-mail en double',
      'Ligne 4 : Méthode de connexion invalide ou manquante (fax)',
      'Ligne 5 : enableSetting invalide ou manquant (true/false, 1/0 ou yes/no) (perhaps)',
    ],
    noData: 'Aucune donnée validée à importer.',
    ready: (n: number, file: string) => `${n} utilisateurs de ${file} sont prêts à être invités.`,
    uploaded: (n: number) => `${n} invitations envoyées`,
    download: 'Télécharger un exemple CSV',
  },
};
type Lang = keyof typeof texts;

/** An owner past the profile and the mailbox guard, on /users in `lang`. */
async function ownerOnUsers(page: Page, lang: Lang) {
  const email = await signUpAndVerify(page, uniqueEmail('owner'));
  await completeOnboarding(page);
  await page.goto(`/users?lng=${lang}`);
  const t = texts[lang];
  await expect(page.getByRole('heading', { name: t.users, exact: true })).toBeVisible();
  const ownerRow = page.getByRole('row').filter({ hasText: email });
  await expect(ownerRow).toContainText(t.administrator);
  return email;
}

async function invite(page: Page, lang: Lang, member: string, access: 'full' | 'assistant') {
  const t = texts[lang];
  await page.getByRole('button', { name: t.add, exact: true }).first().click();
  await expect(page).toHaveURL(/\/users\/add$/);
  await page.getByRole('button', { name: t.send }).click();
  await expect(page.getByText(t.required)).toHaveCount(2);
  await page.getByLabel(t.email, { exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: t.send }).click();
  await expect(page.getByText(t.invalidEmail)).toBeVisible();

  await page.getByLabel(t.email, { exact: true }).fill(member);
  await page.getByLabel(t.firstName).fill('Mia');
  await page.getByRole('radio', { name: t.emailPassword }).click();
  await page.getByRole('radio', { name: t[access] }).click();
  await page.getByRole('button', { name: t.send }).click();
  await expect(page.getByText(t.invited(member))).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  const row = page.getByRole('row').filter({ hasText: member });
  await expect(row).toContainText(t.sent);
  await expect(row).toContainText(t.user);
  await expect(row.getByRole('button', { name: t.resend(member) })).toBeVisible();
}

/** The member opens the mailed link in their own browser, sets a password and signs in. */
async function acceptInvitation(browser: Browser, lang: Lang, member: string) {
  const t = texts[lang];
  const context = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
  const page = await context.newPage();
  const link = await outboxLink(member, '/invitations/verify');
  await page.goto(link);
  await expect(page).toHaveURL(/\/invitations\/set-password$/);
  await expect(page.getByRole('heading', { name: t.setPasswordTitle })).toBeVisible();
  await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(member);

  await page.getByLabel(t.password, { exact: true }).fill('Ab1!');
  await page.getByLabel(t.confirm).fill('Ab1!');
  await page.getByRole('button', { name: t.setPassword }).click();
  await expect(page.getByText(t.tooShort)).toBeVisible();
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.confirm).fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: t.setPassword }).click();
  await expect(page.getByText(t.mismatch)).toBeVisible();
  await page.getByLabel(t.confirm).fill(PASSWORD);
  await page.getByRole('button', { name: t.setPassword }).click();

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText(t.passwordSet)).toBeVisible();
  // The link has done its work: opened again, it says so.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(t.usedLink);
  await page.goto('/signin');
  await page.getByLabel(t.email, { exact: true }).fill(member);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
  // Like every new account, the member fills in the profile first.
  await expect(page).toHaveURL(/\/profile/);
  return { page, context };
}

for (const lang of ['en', 'fr'] as const) {
  const t = texts[lang];

  test(`${lang}: the owner invites a member, who accepts with a password and gets the member's menu`, async ({
    page,
    browser,
  }) => {
    const member = uniqueEmail(`member-${lang}`);
    await ownerOnUsers(page, lang);
    // English: a member with the AI setup; French: the writing assistant only.
    const access = lang === 'en' ? 'full' : 'assistant';
    await invite(page, lang, member, access);

    const { page: memberPage, context } = await acceptInvitation(browser, lang, member);
    const nav = memberPage.getByRole('navigation', { name: t.nav });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: t.users })).toHaveCount(0);
    if (access === 'full') {
      await expect(nav.getByText(t.settings, { exact: true })).toBeVisible();
      await completeProfile(memberPage);
      // With the AI setup the member connects their own mailbox, like an owner.
      await expect(memberPage).toHaveURL(/\/email-settings\/add/);
      await closeHelpGuide(memberPage);
      await expect(nav.getByRole('link', { name: 'Mailbox' })).toBeVisible();
      // The team screens are the owner's.
      await memberPage.goto('/users');
      await expect(memberPage).not.toHaveURL(/\/users$/);
    } else {
      await expect(nav.getByText(t.settings, { exact: true })).toHaveCount(0);
    }
    await context.close();

    await page.reload();
    const row = page.getByRole('row').filter({ hasText: member });
    await expect(row).toContainText(t.accepted);
    await expect(row.getByRole('button', { name: t.resend(member) })).toHaveCount(0);
  });

  test(`${lang}: the invitation pages without a token`, async ({ page }) => {
    await page.goto(`/invitations/verify?lng=${lang}`);
    await expect(page.getByRole('alert')).toHaveText(t.noToken);
    await page.goto('/invitations/set-password');
    await expect(page.getByRole('alert')).toHaveText(t.noToken);
  });

  test(`${lang}: bulk invite from a CSV file, with every message`, async ({ page }) => {
    await ownerOnUsers(page, lang);
    await page.getByRole('button', { name: t.upload, exact: true }).first().click();
    await expect(page).toHaveURL(/\/users\/bulk$/);
    const upload = page.getByRole('button', { name: t.uploadData });
    await expect(upload).toBeDisabled();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t.download }).click();
    const example = await download;
    expect(example.suggestedFilename()).toBe('users-example.csv');

    const input = page.getByLabel(t.file);
    await input.setInputFiles({ name: 'team.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert')).toHaveText(t.fileType);

    await input.setInputFiles({
      name: 'team.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('firstName,lastName,email\nA,B,a@example.com\n'),
    });
    await expect(page.getByRole('alert')).toContainText(t.missingHeaders);
    await expect(page.getByRole('alert')).toContainText(t.structure);

    await input.setInputFiles(csvFile('empty.csv', []));
    await expect(page.getByRole('alert')).toHaveText(t.noData);
    await expect(upload).toBeDisabled();

    const tag = `${Date.now()}-${lang}`;
    await input.setInputFiles(
      csvFile('mixed.csv', [
        `Jane,Doe,jane-${tag}@example.com,true,email/password`,
        'Bad,Email,not-an-email,true,google',
        `Dup,Licate,JANE-${tag}@example.com,no,google`,
        `No,Method,nomethod-${tag}@example.com,1,fax`,
        `No,Setting,nosetting-${tag}@example.com,perhaps,microsoft`,
      ]),
    );
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(t.summary);
    for (const text of t.rows) await expect(alert).toContainText(text);
    await expect(upload).toBeDisabled();

    const rows = [
      `Jane,Doe,jane-${tag}@example.com,true,email/password`,
      `John,Roe,JOHN-${tag}@example.com,no,google`,
      `Ana,Lopez,ana-${tag}@example.com,yes,microsoft`,
    ];
    await input.setInputFiles(csvFile('team.csv', rows));
    await expect(page.getByText(t.ready(3, 'team.csv'))).toBeVisible();
    await upload.click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByText(t.uploaded(3))).toBeVisible();
    for (const email of [`jane-${tag}@example.com`, `john-${tag}@example.com`, `ana-${tag}@example.com`]) {
      await expect(page.getByRole('row').filter({ hasText: email })).toContainText(t.sent);
    }
    expect(await page.evaluate(() => sessionStorage.getItem('bulkInvitations'))).toBeNull();
  });
}
