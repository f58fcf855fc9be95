import { HELD_BACK_REASONS } from '@app/shared/held-back-reasons';
import type { ActivityItem, MailHit, SentItem } from '../assistant';
import { knownZone, type Period } from '../period';
import { excerpt, type Language } from '../text';

/** The built-in assistant's words for what it looked up in the owner's mail, in English and French. */
const EXCERPT_CHARS = 160;
const quoted = (text: string) => excerpt(text, EXCERPT_CHARS);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sender = (item: ActivityItem) =>
  item.fromName && item.fromAddress ? `${item.fromName} <${item.fromAddress}>` : item.fromName || item.fromAddress || '?';
const dateFormat = (locale: string, timeZone: string | null) =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: knownZone(timeZone),
  });

function actionsSummary(item: ActivityItem, language: Language): string {
  const reasons = HELD_BACK_REASONS[language];
  const en = language === 'en';
  const said = item.actions.flatMap((a) => {
    if (a.kind === 'move') return [];
    if (a.status === 'dry_run') return [en ? `${a.kind} recorded in the dry run` : `${a.kind} noté pendant l'essai`];
    if (a.status === 'in_doubt') return [en ? 'a send is in doubt: check it' : 'un envoi est incertain : vérifiez-le'];
    if (a.status === 'skipped') {
      const why = reasons[a.detail ?? ''] ?? reasons.other!;
      return [en ? `no ${a.kind} was sent because ${why}` : `aucun envoi (${a.kind}) car ${why}`];
    }
    if (a.status !== 'done') return [];
    if (a.kind === 'draft') return [en ? 'a draft was saved' : 'un brouillon a été enregistré'];
    if (a.kind === 'reply') return [en ? 'a reply was sent' : 'une réponse a été envoyée'];
    if (a.kind === 'forward') return [en ? `it was forwarded to ${a.to.join(', ')}` : `il a été transféré à ${a.to.join(', ')}`];
    return [en ? 'it was marked as likely spam' : 'il a été marqué comme spam probable'];
  });
  return said.length ? ` ${capital(said.join('; '))}.` : '';
}

const en = {
  date: (date: Date, timeZone: string | null) => dateFormat('en-GB', timeZone).format(date),
  period: (p: Period) =>
    ({
      today: 'today',
      yesterday: 'yesterday',
      thisWeek: 'this week',
      lastWeek: 'last week',
      thisMonth: 'this month',
      lastMonth: 'last month',
      lastDays: `in the last ${p.days ?? 7} days`,
    })[p.name],
  sentNothing: (to: string, period: string) => `I sent nothing to ${to} ${period}: no reply and no forward by the assistant.`,
  sentIntro: (n: number, to: string, period: string) => `${n === 1 ? 'One message' : `${n} messages`} sent to ${to} ${period}:`,
  sentItem: (item: SentItem, when: string) =>
    `- ${when}, ${item.kind === 'reply' ? 'a reply' : 'a forward'} to ${item.to.join(', ')} about "${item.subject}"${item.text ? `: "${quoted(item.text)}"` : ''}`,
  inCategories: (names: string[]) => `in ${names.map((n) => `"${n}"`).join(' or ')}`,
  aboutWords: (words: string[]) => `about "${words.join(' ')}"`,
  count: (total: number, about: string, period: string) =>
    `${capital(period)}: ${total === 0 ? 'no message' : total === 1 ? 'one message' : `${total} messages`}${about ? ` ${about}` : ''}.`,
  noneListed: (about: string, period: string) => `${capital(period)}: no message${about ? ` ${about}` : ''}.`,
  peopleIntro: (people: number, total: number, about: string, period: string) =>
    `${capital(period)}, ${people === 1 ? 'one person' : `${people} people`} wrote${about ? ` ${about}` : ''} (${total === 1 ? 'one message' : `${total} messages`}):`,
  personItem: (item: ActivityItem, count: number, when: string) =>
    `- ${sender(item)}: "${item.subject}" (${when})${count > 1 ? `, and ${count - 1} more` : ''}`,
  messagesIntro: (total: number, about: string, period: string) =>
    `${capital(period)}: ${total === 1 ? 'one message' : `${total} messages`}${about ? ` ${about}` : ''}:`,
  messageItem: (item: ActivityItem, when: string) =>
    `- ${when}, ${sender(item)}: "${item.subject}"${item.category ? ` (${item.category})` : ''}.${actionsSummary(item, 'en')}`,
  more: (n: number) => `…and ${n} more.`,
  why: (item: ActivityItem, when: string) => {
    const what = item.category
      ? item.classifiedBy === 'rules'
        ? `was filed in "${item.category}" by one of your rules`
        : `was filed in "${item.category}" by the AI${item.confidence !== null ? ` (${Math.round(item.confidence * 100)}% sure)` : ''}`
      : 'was left where it was, in no category';
    return `"${item.subject}" from ${sender(item)} (${when}) ${what}${item.reason ? `: ${item.reason.replace(/\.$/, '')}` : ''}.${actionsSummary(item, 'en')}`;
  },
  searchNoMailbox: 'I cannot search your mail: connect a mailbox first, or try again in a moment.',
  searchNothing: (query: string, where: 'inbox' | 'sent') =>
    `No message ${where === 'sent' ? 'you sent' : 'in your inbox'} mentions "${query}".`,
  searchIntro: (total: number, query: string, where: 'inbox' | 'sent') =>
    `${total === 1 ? 'One message' : `${total} messages`} ${where === 'sent' ? 'you sent' : 'in your inbox'} ${total === 1 ? 'mentions' : 'mention'} "${query}":`,
  searchItem: (hit: MailHit, when: string) =>
    `- ${when ? `${when}, ` : ''}${hit.folder === 'sent' ? `to ${hit.to.join(', ')}` : hit.from}: "${hit.subject}"`,
  whyNotFound: 'I found no message of the last 90 days that matches. Tell me its sender ("from …") or put its subject in quotes.',
  whyNothingYet: 'I have not sorted any message yet.',
  whyWhichOne: 'Tell me which message you mean (its sender, or its subject in quotes). The latest ones I sorted, and why:',
};

export const LOOKUP_TEXTS: Record<Language, typeof en> = {
  en,
  fr: {
    date: (date, timeZone) => dateFormat('fr-FR', timeZone).format(date),
    period: (p) =>
      ({
        today: "aujourd'hui",
        yesterday: 'hier',
        thisWeek: 'cette semaine',
        lastWeek: 'la semaine dernière',
        thisMonth: 'ce mois-ci',
        lastMonth: 'le mois dernier',
        lastDays: `ces ${p.days ?? 7} derniers jours`,
      })[p.name],
    sentNothing: (to, period) => `Je n'ai rien envoyé à ${to} ${period} : aucune réponse ni aucun transfert de l'assistant.`,
    sentIntro: (n, to, period) => `${n === 1 ? 'Un message envoyé' : `${n} messages envoyés`} à ${to} ${period} :`,
    sentItem: (item, when) =>
      `- ${when}, ${item.kind === 'reply' ? 'une réponse' : 'un transfert'} à ${item.to.join(', ')} au sujet de « ${item.subject} »${item.text ? ` : « ${quoted(item.text)} »` : ''}`,
    inCategories: (names) => `dans ${names.map((n) => `« ${n} »`).join(' ou ')}`,
    aboutWords: (words) => `au sujet de « ${words.join(' ')} »`,
    count: (total, about, period) =>
      `${capital(period)} : ${total === 0 ? 'aucun message' : total === 1 ? 'un message' : `${total} messages`}${about ? ` ${about}` : ''}.`,
    noneListed: (about, period) => `${capital(period)} : aucun message${about ? ` ${about}` : ''}.`,
    peopleIntro: (people, total, about, period) =>
      `${capital(period)}, ${people === 1 ? 'une personne a' : `${people} personnes ont`} écrit${about ? ` ${about}` : ''} (${total === 1 ? 'un message' : `${total} messages`}) :`,
    personItem: (item, count, when) =>
      `- ${sender(item)} : « ${item.subject} » (${when})${count > 1 ? `, et ${count - 1} autre${count > 2 ? 's' : ''}` : ''}`,
    messagesIntro: (total, about, period) =>
      `${capital(period)} : ${total === 1 ? 'un message' : `${total} messages`}${about ? ` ${about}` : ''} :`,
    messageItem: (item, when) =>
      `- ${when}, ${sender(item)} : « ${item.subject} »${item.category ? ` (${item.category})` : ''}.${actionsSummary(item, 'fr')}`,
    more: (n) => `… et ${n} de plus.`,
    why: (item, when) => {
      const what = item.category
        ? item.classifiedBy === 'rules'
          ? `a été classé dans « ${item.category} » par l'une de vos règles`
          : `a été classé dans « ${item.category} » par l'IA${item.confidence !== null ? ` (sûre à ${Math.round(item.confidence * 100)} %)` : ''}`
        : 'est resté où il était, dans aucune catégorie';
      return `« ${item.subject} » de ${sender(item)} (${when}) ${what}${item.reason ? ` : ${item.reason.replace(/\.$/, '')}` : ''}.${actionsSummary(item, 'fr')}`;
    },
    searchNoMailbox:
      "Je ne peux pas chercher dans votre courrier : connectez d'abord une boîte mail, ou réessayez dans un instant.",
    searchNothing: (query, where) =>
      `Aucun message ${where === 'sent' ? 'que vous avez envoyé' : 'de votre boîte de réception'} ne mentionne « ${query} ».`,
    searchIntro: (total, query, where) =>
      `${total === 1 ? 'Un message' : `${total} messages`} ${where === 'sent' ? (total === 1 ? 'que vous avez envoyé' : 'que vous avez envoyés') : 'de votre boîte de réception'} ${total === 1 ? 'mentionne' : 'mentionnent'} « ${query} » :`,
    searchItem: (hit, when) =>
      `- ${when ? `${when}, ` : ''}${hit.folder === 'sent' ? `à ${hit.to.join(', ')}` : hit.from} : « ${hit.subject} »`,
    whyNotFound:
      "Je n'ai trouvé aucun message des 90 derniers jours qui corresponde. Indiquez son expéditeur (« de … ») ou mettez son objet entre guillemets.",
    whyNothingYet: "Je n'ai encore classé aucun message.",
    whyWhichOne:
      'Dites-moi de quel message il s’agit (son expéditeur, ou son objet entre guillemets). Les derniers que j’ai classés, et pourquoi :',
  },
};
