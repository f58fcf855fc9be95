/**
 * How a message is looked up in the owner's knowledge and past replies: its content words (stop words
 * of both languages left out) as stems of its language. The search itself is the knowledge module's
 * (modules/knowledge/knowledge-search.repository.ts) and the settings' (past replies).
 */
import { detectLanguage, stem, words } from './text';

/** What a message is looked up by: its subject and the start of its text. */
export const knowledgeQuery = (message: { subject: string; text: string }) =>
  `${message.subject}\n${message.text.slice(0, 4000)}`;

/** At most this many distinct stems of a message make its query (the subject and the opening first). */
const QUERY_TERMS = 64;
const SHORTEST_STEM = 3;

/**
 * The content words of a message as stems of its language, each meant as a prefix: "prices" asks for
 * `price:*`, which finds "price", "pricing" and "prices" in a `simple` search vector, and "livrer"
 * `livr:*`, which finds "livraison".
 */
export function queryTerms(text: string): string[] {
  const language = detectLanguage(text);
  const terms = new Set<string>();
  for (const word of words(text.slice(0, 8000))) {
    let term = stem(word, language).replace(/[^\p{L}\p{Nd}]/gu, '');
    // English stems turn a final y into i ("delivery" → "deliveri", "companies" → "compani"), which no
    // longer begins the word it came from: without the i the prefix finds both forms again.
    if (language === 'en' && term.length > SHORTEST_STEM && term.endsWith('i')) term = term.slice(0, -1);
    if (term.length >= SHORTEST_STEM) terms.add(term);
    if (terms.size >= QUERY_TERMS) break;
  }
  return [...terms];
}
