import { languageOr } from '../ai/text';
import type { MailAddress, ParsedMessage } from '../mail/mime/message';

/**
 * The cover text of an automatic forward, in the language of the forwarded message (English or
 * French; any other language gets English): who forwarded it, then the original's sender, date and
 * subject, as mail clients write them above a forwarded message, so the recipient reads what it is
 * before opening the attachment.
 */
export function forwardNote(original: ParsedMessage, mailboxAddress: string): string {
  const language = languageOr(`${original.subject}\n${original.text.slice(0, 2000)}`, 'en');
  const words = WORDS[language];
  const lines = [
    words.intro(mailboxAddress),
    '',
    words.separator,
    `${words.from}: ${original.from ? addressLine(original.from) : '—'}`,
    ...(original.date ? [`${words.date}: ${formatDate(original.date, language)}`] : []),
    `${words.subject}: ${original.subject || '—'}`,
  ];
  return `${lines.join('\n')}\n`;
}

const WORDS = {
  en: {
    intro: (address: string) => `Forwarded automatically by the mail assistant of ${address}. The original message is attached.`,
    separator: '---------- Forwarded message ----------',
    from: 'From',
    date: 'Date',
    subject: 'Subject',
  },
  fr: {
    intro: (address: string) =>
      `Transféré automatiquement par l'assistant de messagerie de ${address}. Le message d'origine est en pièce jointe.`,
    separator: '---------- Message transféré ----------',
    from: 'De',
    date: 'Date',
    subject: 'Objet',
  },
} as const;

const addressLine = (a: MailAddress) => (a.name ? `${a.name} <${a.address}>` : a.address);

function formatDate(date: Date, language: 'en' | 'fr'): string {
  return (
    new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(date) + ' UTC'
  );
}
