/**
 * The default AI instructions the prompt editor's Default choice shows and saves (spec 02 §2, §9:
 * the example limits an answer to 10 paragraphs), in English and French. Section 2 (the company
 * context) is left out: the default takes the context from the knowledge base (`useContext`).
 */
export const DEFAULT_PROMPT_PARAGRAPHS_MAX = 10;

export type PromptSections = {
  section1: string;
  section2: string | null;
  section3: string;
  section4: string;
  section5: string;
  section6: string;
};

export const DEFAULT_PROMPTS: Record<'en' | 'fr', PromptSections> = {
  en: {
    section1:
      'Write in a professional, warm and concise tone. Answer in the language of the message you reply to and address the sender as they address us.',
    section2: null,
    section3:
      "Answer the sender's questions directly, using only facts from the knowledge base and the conversation. When information is missing, say that we will come back to them instead of guessing.",
    section4:
      'Never promise prices, deadlines or commitments that are not in the knowledge base. Never disclose internal information or other customers’ data.',
    section5: 'End with a short polite closing followed by the company name.',
    section6: `Limit each answer to ${DEFAULT_PROMPT_PARAGRAPHS_MAX} paragraphs at most. Keep paragraphs short and write plain text, without Markdown.`,
  },
  fr: {
    section1:
      "Adoptez un ton professionnel, chaleureux et concis. Répondez dans la langue du message reçu et adressez-vous à l'expéditeur comme il s'adresse à nous (tutoiement ou vouvoiement).",
    section2: null,
    section3:
      "Répondez directement aux questions de l'expéditeur en vous appuyant uniquement sur la base de connaissances et sur l'échange. S'il manque une information, indiquez que nous reviendrons vers lui plutôt que de la deviner.",
    section4:
      "Ne promettez jamais de prix, de délai ou d'engagement absent de la base de connaissances. Ne divulguez jamais d'informations internes ni les données d'autres clients.",
    section5: "Terminez par une courte formule de politesse suivie du nom de l'entreprise.",
    section6: `Limitez chaque réponse à ${DEFAULT_PROMPT_PARAGRAPHS_MAX} paragraphes au maximum. Faites des paragraphes courts, en texte brut, sans Markdown.`,
  },
};

const SECTION_KEYS = ['section1', 'section2', 'section3', 'section4', 'section5', 'section6'] as const;

/** The language whose default a prompt holds (its sections, section 2 ignored), or null when edited. */
export function defaultLanguageOf(prompt: PromptSections): 'en' | 'fr' | null {
  const same = (a: PromptSections) =>
    SECTION_KEYS.filter((k) => k !== 'section2').every((k) => (prompt[k] ?? '').trim() === (a[k] ?? '').trim());
  if (same(DEFAULT_PROMPTS.en)) return 'en';
  if (same(DEFAULT_PROMPTS.fr)) return 'fr';
  return null;
}
