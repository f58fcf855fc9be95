/**
 * Why the assistant held a message back or did not act on it (the `detail` of a skipped action), in
 * the owner's words: the daily digest and the chat assistant say the same.
 */
export const HELD_BACK_REASONS: Record<'en' | 'fr', Record<string, string>> = {
  en: {
    spam_flagged: 'the receiving mail server marked it as spam',
    junk_folder: 'it is in the junk folder',
    auth_failed: "the sender's address failed authentication (SPF, DKIM or DMARC)",
    autoreply_text: 'it is an out-of-office or other automatic reply',
    auto_submitted: 'it was sent automatically',
    autoreply_header: 'it is an automatic reply',
    response_suppressed: 'the sender asked not to be answered automatically',
    delivery_report: 'it is a delivery report or a bounce',
    null_sender: 'it has no sender to answer',
    precedence: 'it is bulk or list mail',
    mailing_list: 'it comes from a mailing list',
    system_sender: 'it comes from an address that takes no replies',
    own_address: 'it comes from your own address',
    loop_marker: "it is one of the assistant's own messages",
    recently_answered: 'this sender already got an automatic reply today',
    daily_cap: 'the mailbox reached its daily limit of automatic sends',
    reply_to_unverified: "its Reply-To address is outside the sender's domain and was not vouched for: a draft was saved instead",
    no_question: 'no question was found in it: a draft was saved instead',
    not_grounded: 'the reply said something that is not in your knowledge entries: a draft was saved instead',
    question_unanswered: 'your knowledge entries do not answer every question it asks: a draft was saved instead',
    internal_quoted: 'the reply quoted a knowledge entry you marked internal: a draft was saved instead',
    spam_suspected: 'the built-in spam filter suspects it is spam',
    language_unsupported: 'it is written in a language the built-in engine does not write (English and French only)',
    precision_below: "this category's measured precision is below what you set for automatic actions: a draft was saved instead",
    NO_CREDITS: 'no credits were left',
    other: 'it could not be answered safely',
  },
  fr: {
    spam_flagged: "le serveur de réception l'a marqué comme spam",
    junk_folder: 'il est dans le dossier des indésirables',
    auth_failed: "l'adresse de l'expéditeur n'a pas passé l'authentification (SPF, DKIM ou DMARC)",
    autoreply_text: "c'est un message d'absence ou une autre réponse automatique",
    auto_submitted: 'il a été envoyé automatiquement',
    autoreply_header: "c'est une réponse automatique",
    response_suppressed: "l'expéditeur demande à ne pas recevoir de réponse automatique",
    delivery_report: "c'est un rapport de remise ou un message non remis",
    null_sender: "il n'a pas d'expéditeur à qui répondre",
    precedence: "c'est un envoi en nombre ou de liste",
    mailing_list: "il vient d'une liste de diffusion",
    system_sender: "il vient d'une adresse qui n'accepte pas de réponse",
    own_address: 'il vient de votre propre adresse',
    loop_marker: "c'est un message de l'assistant lui-même",
    recently_answered: "cet expéditeur a déjà reçu une réponse automatique aujourd'hui",
    daily_cap: "la boîte a atteint sa limite quotidienne d'envois automatiques",
    reply_to_unverified:
      "son adresse de réponse (Reply-To) est hors du domaine de l'expéditeur et n'a pas été authentifiée : un brouillon a été enregistré à la place",
    no_question: "aucune question n'y a été trouvée : un brouillon a été enregistré à la place",
    not_grounded:
      "la réponse disait quelque chose qui n'est pas dans vos entrées de connaissances : un brouillon a été enregistré à la place",
    question_unanswered:
      'vos entrées de connaissances ne répondent pas à toutes ses questions : un brouillon a été enregistré à la place',
    internal_quoted:
      'la réponse citait une entrée de connaissances que vous avez marquée interne : un brouillon a été enregistré à la place',
    spam_suspected: "le filtre anti-spam intégré le soupçonne d'être un spam",
    language_unsupported: "il est écrit dans une langue que le moteur intégré n'écrit pas (anglais et français seulement)",
    precision_below:
      'la précision mesurée de cette catégorie est inférieure à ce que vous avez fixé pour les actions automatiques : un brouillon a été enregistré à la place',
    NO_CREDITS: 'il ne restait plus de crédits',
    other: 'il ne pouvait pas recevoir de réponse sans risque',
  },
};
