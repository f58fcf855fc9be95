import type { SystemMail } from './mailer';

export type MailLanguage = 'en' | 'fr' | 'es';

const texts = {
  verify: {
    en: {
      subject: 'Verify your e-mail address',
      intro: 'Welcome! Confirm your e-mail address to start using your mail assistant.',
      action: 'Verify my e-mail',
      outro: 'If you did not create an account, ignore this message.',
    },
    fr: {
      subject: 'Vérifiez votre adresse e-mail',
      intro: 'Bienvenue ! Confirmez votre adresse e-mail pour commencer à utiliser votre assistant de messagerie.',
      action: 'Vérifier mon e-mail',
      outro: "Si vous n'avez pas créé de compte, ignorez ce message.",
    },
    es: {
      subject: 'Verifica tu dirección de correo',
      intro: 'Bienvenido. Confirma tu dirección de correo para empezar a usar tu asistente.',
      action: 'Verificar mi correo',
      outro: 'Si no creaste una cuenta, ignora este mensaje.',
    },
  },
  reset: {
    en: {
      subject: 'Reset your password',
      intro: 'Someone asked to reset the password of your account. The link is valid for one hour.',
      action: 'Choose a new password',
      outro: 'If it was not you, ignore this message: your password stays the same.',
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe',
      intro: 'Une réinitialisation du mot de passe de votre compte a été demandée. Le lien est valable une heure.',
      action: 'Choisir un nouveau mot de passe',
      outro: "Si ce n'était pas vous, ignorez ce message : votre mot de passe reste inchangé.",
    },
    es: {
      subject: 'Restablece tu contraseña',
      intro: 'Alguien pidió restablecer la contraseña de tu cuenta. El enlace es válido una hora.',
      action: 'Elegir una nueva contraseña',
      outro: 'Si no fuiste tú, ignora este mensaje.',
    },
  },
} as const;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A system message with one call to action, in the recipient's language. */
export function actionMail(kind: keyof typeof texts, lang: MailLanguage, to: string, url: string): SystemMail {
  const t = texts[kind][lang];
  const href = escapeHtml(url);
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${t.action}: ${url}\n\n${t.outro}\n`,
    html: `<p>${escapeHtml(t.intro)}</p><p><a href="${href}">${escapeHtml(t.action)}</a></p><p style="color:#666">${escapeHtml(t.outro)}</p>`,
    links: [url],
  };
}

/** The language of a request: the app's `i18next` cookie, then Accept-Language, then English. */
export function requestLanguage(headers: Headers | undefined): MailLanguage {
  const cookie = headers?.get('cookie')?.match(/(?:^|;\s*)i18next=([a-z]{2})/i)?.[1];
  const accept = headers?.get('accept-language')?.slice(0, 2);
  const lang = (cookie ?? accept ?? 'en').toLowerCase();
  return lang === 'fr' || lang === 'es' ? lang : 'en';
}

const invitationTexts = {
  en: {
    subject: (inviter: string) => `${inviter} invites you to their mail assistant`,
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (inviter: string) => `${inviter} invites you to join their team on Mail Assistant.`,
    action: 'Accept the invitation',
    outro: 'The link is valid for 7 days. If you did not expect this invitation, ignore this message.',
  },
  fr: {
    subject: (inviter: string) => `${inviter} vous invite sur son assistant de messagerie`,
    greeting: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro: (inviter: string) => `${inviter} vous invite à rejoindre son équipe sur Mail Assistant.`,
    action: "Accepter l'invitation",
    outro: "Le lien est valable 7 jours. Si vous n'attendiez pas cette invitation, ignorez ce message.",
  },
  es: {
    subject: (inviter: string) => `${inviter} te invita a su asistente de correo`,
    greeting: (name: string) => (name ? `Hola ${name}:` : 'Hola:'),
    intro: (inviter: string) => `${inviter} te invita a unirte a su equipo en Mail Assistant.`,
    action: 'Aceptar la invitación',
    outro: 'El enlace es válido 7 días. Si no esperabas esta invitación, ignora este mensaje.',
  },
} as const;

/** The invitation mail, in the inviter's language; every name is escaped in the HTML part. */
export function invitationMail(
  lang: MailLanguage,
  to: string,
  who: { inviter: string; firstName: string },
  url: string,
): SystemMail {
  const t = invitationTexts[lang];
  return {
    to,
    subject: t.subject(who.inviter),
    text: `${t.greeting(who.firstName)}\n\n${t.intro(who.inviter)}\n\n${t.action}: ${url}\n\n${t.outro}\n`,
    html:
      `<p>${escapeHtml(t.greeting(who.firstName))}</p><p>${escapeHtml(t.intro(who.inviter))}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(t.action)}</a></p><p style="color:#666">${escapeHtml(t.outro)}</p>`,
    links: [url],
  };
}
