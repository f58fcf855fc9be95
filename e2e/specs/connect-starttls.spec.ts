import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { closeHelpGuide, completeProfile, signUpAndVerify, skipWithoutMailServer, uniqueEmail } from './helpers';

/**
 * Connecting a mailbox whose IMAP login is not its address, over STARTTLS, in English and in French:
 * global-setup's second Dovecot and SMTP server offer STARTTLS with a self-signed certificate for
 * `localhost`, which the app trusts (NODE_EXTRA_CA_CERTS) without turning certificate checks off.
 * The form refuses the address as the IMAP login, refuses the server by an IP address its
 * certificate does not name, and connects with the IMAP username; the webmail then reads that
 * login's mail, and Dovecot logged the app's logins as encrypted.
 */

const texts = {
  en: {
    smtpCard: 'SMTP / IMAP',
    disable: 'Disable',
    user: 'E-mail address',
    pass: 'Password',
    smtpHost: 'SMTP host',
    smtpPort: 'SMTP port',
    smtpSecurity: 'SMTP security',
    imapHost: 'IMAP host',
    imapPort: 'IMAP port',
    imapUser: 'IMAP username',
    imapSecurity: 'IMAP security',
    save: 'Save',
    authFailed: 'IMAP login failed: the username or password was refused.',
    tlsFailed: 'IMAP connection failed: the secure connection (TLS) could not be established. Check the port.',
    createDialog: 'Create your categories',
    guide: 'Your mailbox is connected.',
    accountBlock: 'Mail account',
    verify: 'Verify connection',
    verified: 'The connection to your mailbox works.',
    welcome: 'Welcome to the new mailbox',
  },
  fr: {
    smtpCard: 'SMTP / IMAP',
    disable: 'Désactiver',
    user: 'Adresse e-mail',
    pass: 'Mot de passe',
    smtpHost: 'Hôte SMTP',
    smtpPort: 'Port SMTP',
    smtpSecurity: 'Sécurité SMTP',
    imapHost: 'Hôte IMAP',
    imapPort: 'Port IMAP',
    imapUser: 'Identifiant IMAP',
    imapSecurity: 'Sécurité IMAP',
    save: 'Enregistrer',
    authFailed: "Échec de la connexion IMAP : l'identifiant ou le mot de passe a été refusé.",
    tlsFailed: "Échec de la connexion IMAP : la connexion sécurisée (TLS) n'a pas pu être établie. Vérifiez le port.",
    createDialog: 'Créez vos catégories',
    guide: 'Votre boîte mail est connectée.',
    accountBlock: 'Compte de messagerie',
    verify: 'Vérifier la connexion',
    verified: 'La connexion à votre boîte mail fonctionne.',
    welcome: 'Bienvenue dans la nouvelle boîte',
  },
};
type Texts = (typeof texts)['en'];

const env = () => ({
  address: process.env.E2E_STARTTLS_ADDRESS!,
  imapUser: process.env.E2E_STARTTLS_IMAP_USER!,
  pass: process.env.E2E_STARTTLS_PASS!,
  imapPort: process.env.E2E_STARTTLS_IMAP_PORT!,
  smtpPort: process.env.E2E_STARTTLS_SMTP_PORT!,
  imapLog: process.env.E2E_STARTTLS_IMAP_LOG!,
  cert: process.env.E2E_STARTTLS_CERT!,
});

/** The test's own IMAP session on that mailbox: STARTTLS required, trusting the test certificate only. */
async function withImap<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: 'localhost',
    port: Number(env().imapPort),
    secure: false,
    doSTARTTLS: true,
    tls: { ca: readFileSync(env().cert) },
    auth: { user: env().imapUser, pass: env().pass },
    logger: false,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}

const emptyInbox = () =>
  withImap(async (client) => {
    const lock = await client.getMailboxLock('INBOX');
    try {
      if (client.mailbox && client.mailbox.exists) await client.messageDelete('1:*');
    } finally {
      lock.release();
    }
  });

/** Dovecot's login lines for the IMAP username written after `offset`. */
function loginsSince(offset: number) {
  const log = readFileSync(env().imapLog, 'utf8').slice(offset);
  return log.split('\n').filter((line) => line.includes(`imap-login: Info: Login: user=<${env().imapUser}>`));
}

async function fillForm(page: Page, t: Texts) {
  await expect(page).toHaveURL(/\/email-settings\/add/);
  await page.getByRole('radio', { name: t.smtpCard }).click();
  await page.getByRole('radio', { name: t.disable, exact: true }).click();
  await page.getByLabel(t.user).fill(env().address);
  await page.getByLabel(t.pass, { exact: true }).fill(env().pass);
  await page.getByLabel(t.smtpHost).fill('localhost');
  await page.getByLabel(t.smtpPort).fill(env().smtpPort);
  await page.getByLabel(t.smtpSecurity).selectOption('starttls');
  await expect(page.getByLabel(t.imapHost)).toHaveValue('localhost');
  await page.getByLabel(t.imapPort).fill(env().imapPort);
  await page.getByLabel(t.imapSecurity).selectOption('starttls');
}

test.describe('connect over STARTTLS with an IMAP username other than the address', () => {
  test.setTimeout(120_000);

  for (const lang of ['en', 'fr'] as const) {
    test(`the connect form with its own IMAP login and STARTTLS (${lang})`, async ({ page }) => {
      skipWithoutMailServer();
      const t = texts[lang];
      const subject = `${t.welcome} ${randomBytes(3).toString('hex')}`;
      await emptyInbox();
      await withImap((client) =>
        client.append(
          'INBOX',
          Buffer.from(
            `From: Office <office@starttls.example.test>\r\nTo: ${env().address}\r\nSubject: ${subject}\r\n` +
              `Message-ID: <${randomBytes(8).toString('hex')}@starttls.example.test>\r\nDate: ${new Date().toUTCString()}\r\n\r\n` +
              'Your mailbox is ready.\r\n',
          ),
        ),
      );

      await signUpAndVerify(page, uniqueEmail(`starttls-${lang}`));
      await completeProfile(page);
      await closeHelpGuide(page);
      if (lang === 'fr') await page.goto('/email-settings/add?lng=fr');
      const logOffset = statSync(env().imapLog).size;
      await fillForm(page, t);
      const save = page.getByRole('button', { name: t.save, exact: true });
      try {
        // Left empty, the IMAP login is the address, which this server does not know.
        await expect(page.getByLabel(t.imapUser)).toHaveValue('');
        await save.click();
        await expect(page.getByText(t.authFailed)).toBeVisible({ timeout: 20_000 });

        // The certificate names localhost, not 127.0.0.1: the same server by its address is refused.
        await page.getByLabel(t.imapUser).fill(env().imapUser);
        await page.getByLabel(t.imapHost).fill('127.0.0.1');
        await save.click();
        await expect(page.getByText(t.tlsFailed)).toBeVisible({ timeout: 20_000 });
        await expect(page.getByText(t.authFailed)).toBeHidden();

        await page.getByLabel(t.imapHost).fill('localhost');
        await save.click();
        await expect(page).toHaveURL(/\/email-settings$/, { timeout: 30_000 });
        // Classification is on without a category yet: the offer to create some comes first.
        const offer = page.getByRole('dialog', { name: t.createDialog });
        await expect(offer).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(offer).toBeHidden();
        await expect(page.getByText(t.guide)).toBeVisible();
        const account = page.getByRole('region', { name: t.accountBlock });
        await expect(account.getByText(env().address)).toBeVisible();
        await account.getByRole('button', { name: t.verify }).click();
        await expect(page.getByText(t.verified)).toBeVisible({ timeout: 20_000 });

        // The webmail reads the IMAP login's mail.
        await page.goto('/inbox');
        await expect(page.locator('li[data-uid]', { hasText: subject })).toBeVisible({ timeout: 20_000 });

        // Every login of the app under that username was encrypted (Dovecot writes TLS in the line).
        const logins = loginsSince(logOffset);
        expect(logins.length).toBeGreaterThan(0);
        for (const line of logins) expect(line).toMatch(/, TLS,/);
      } finally {
        // The worker lets go of the mailbox before the other language's run.
        await page.request.delete('/api/email-settings', { data: {} });
        await emptyInbox();
      }
    });
  }
});
