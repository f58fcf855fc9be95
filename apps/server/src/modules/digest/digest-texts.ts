import type { MailLanguage } from '@app/shared/profile';
import { HELD_BACK_REASONS } from '@app/shared/held-back-reasons';

/**
 * The daily digest's words in the owner's language (the web app words the same reasons on the
 * settings screen, `locales/{en,fr}/mailSettings.json`; the server has its own copy, as for every
 * system mail in `notifications/templates.ts`).
 */
const en = {
  subject: (day: string) => `Your mail assistant's day: ${day}`,
  greeting: 'Hello,',
  intro: (from: string, to: string) => `Here is what your mail assistant did from ${from} to ${to}.`,
  handled: (n: number) => `Mail handled: ${n}`,
  countItem: (label: string, n: number) => `${label}: ${n}`,
  link: (label: string, url: string) => `${label}: ${url}`,
  noCategory: 'No category, left where it arrived',
  likelySpam: 'Likely spam, marked as junk',
  drafts: (n: number) => `Drafts written, waiting for you in your Drafts folder: ${n}`,
  replies: (n: number) => `Automatic replies sent: ${n}`,
  inDoubt: (n: number) =>
    `Sends in doubt: ${n}. They were interrupted and may not have left; check your Sent folder before answering again:`,
  inDoubtItem: (subject: string, to: string) => `“${subject}” to ${to}`,
  corrections: (n: number) => `Corrections learned: ${n}`,
  correctionMoved: (subject: string, from: string, to: string) => `“${subject}”: moved from ${from} to ${to}`,
  correctionNone: (subject: string, from: string) => `“${subject}”: taken out of ${from}`,
  heldBack: (n: number) => `Held back: ${n}`,
  heldSpam: (subject: string) => `“${subject}”: likely spam, left where it arrived and marked as junk`,
  heldItem: (subject: string, action: string, reason: string) => `“${subject}”: ${action}, because ${reason}`,
  more: (n: number) => `and ${n} more`,
  accuracy: (share: number, of: number) => `Accuracy: ${share}% of the ${of} messages the AI filed were not corrected`,
  accuracyFew: 'Accuracy: not enough data (fewer than 5 messages filed by the AI)',
  accuracyWeek: (share: number, of: number) => `the previous 7 days: ${share}% of ${of}`,
  accuracyWeekFew: 'the previous 7 days: not enough data',
  trend: { up: (n: number) => `up ${n} points`, down: (n: number) => `down ${n} points`, steady: 'steady' },
  accuracyLine: (day: string, week: string, trend?: string) => `${day}; ${week}${trend ? ` (${trend})` : ''}.`,
  activityLink: 'See the activity on the settings screen',
  offLink: 'Turn off this daily digest (one click)',
  profileHint: 'You can also change its language and time zone on your profile',
  noSubject: '(no subject)',
  actions: { reply: 'no automatic reply', draft: 'no draft', forward: 'no forward', move: 'not filed', mark_spam: 'not marked' },
  reasons: HELD_BACK_REASONS.en,
};

export type DigestTexts = typeof en;

const fr: DigestTexts = {
  subject: (day) => `La journée de votre assistant de messagerie : ${day}`,
  greeting: 'Bonjour,',
  intro: (from, to) => `Voici ce que votre assistant de messagerie a fait du ${from} au ${to}.`,
  handled: (n) => `Courrier traité : ${n}`,
  countItem: (label, n) => `${label} : ${n}`,
  link: (label, url) => `${label} : ${url}`,
  noCategory: 'Sans catégorie, laissé où il est arrivé',
  likelySpam: 'Probablement du spam, marqué comme indésirable',
  drafts: (n) => `Brouillons rédigés, qui vous attendent dans votre dossier Brouillons : ${n}`,
  replies: (n) => `Réponses automatiques envoyées : ${n}`,
  inDoubt: (n) =>
    `Envois incertains : ${n}. Ils ont été interrompus et ne sont peut-être pas partis ; vérifiez votre dossier Envoyés avant de répondre à nouveau :`,
  inDoubtItem: (subject, to) => `« ${subject} » à ${to}`,
  corrections: (n) => `Corrections apprises : ${n}`,
  correctionMoved: (subject, from, to) => `« ${subject} » : déplacé de ${from} vers ${to}`,
  correctionNone: (subject, from) => `« ${subject} » : retiré de ${from}`,
  heldBack: (n) => `Retenu : ${n}`,
  heldSpam: (subject) => `« ${subject} » : probablement un spam, laissé où il est arrivé et marqué comme indésirable`,
  heldItem: (subject, action, reason) => `« ${subject} » : ${action}, car ${reason}`,
  more: (n) => `et ${n} de plus`,
  accuracy: (share, of) => `Précision : ${share} % des ${of} messages classés par l'IA n'ont pas été corrigés`,
  accuracyFew: "Précision : pas assez de données (moins de 5 messages classés par l'IA)",
  accuracyWeek: (share, of) => `les 7 jours précédents : ${share} % sur ${of}`,
  accuracyWeekFew: 'les 7 jours précédents : pas assez de données',
  trend: { up: (n) => `en hausse de ${n} points`, down: (n) => `en baisse de ${n} points`, steady: 'stable' },
  accuracyLine: (day, week, trend) => `${day} ; ${week}${trend ? ` (${trend})` : ''}.`,
  activityLink: "Voir l'activité dans les réglages",
  offLink: 'Désactiver ce résumé quotidien (en un clic)',
  profileHint: 'Vous pouvez aussi changer sa langue et son fuseau horaire dans votre profil',
  noSubject: '(sans objet)',
  actions: {
    reply: 'pas de réponse automatique',
    draft: 'pas de brouillon',
    forward: 'pas de transfert',
    move: 'pas classé',
    mark_spam: 'pas marqué',
  },
  reasons: HELD_BACK_REASONS.fr,
};

export const digestTexts: Record<MailLanguage, DigestTexts> = { en, fr };
