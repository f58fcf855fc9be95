import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AssistantLanguage } from '../../ai/assistant';
import { bestPassages, type Passage, stemSet } from '../../ai/passages';
import { paths } from '../../paths';

/**
 * The product's help, in English and French (help/help.<lang>.json): one section per screen, for the
 * chat assistant to answer from. Data files rather than code so that writers can edit them.
 */
const corpusSchema = z.object({
  language: z.enum(['en', 'fr']),
  sections: z.array(z.object({ id: z.string(), title: z.string(), keywords: z.string(), text: z.string() })).min(1),
});

function load(language: AssistantLanguage): Passage[] {
  const file = path.join(paths.help, `help.${language}.json`);
  const corpus = corpusSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return corpus.sections.map((s) => ({ title: s.title, content: s.text, keywords: s.keywords }));
}

const corpora: Record<AssistantLanguage, Passage[]> = { en: load('en'), fr: load('fr') };

/** Every help section in a language (for tests and for a listing). */
export function helpSections(language: AssistantLanguage): readonly Passage[] {
  return corpora[language];
}

/** The help sections that best answer a text, best first (none when no word matches). */
export function searchHelp(text: string, language: AssistantLanguage, limit = 3): Passage[] {
  return bestPassages(corpora[language], stemSet(text, language), language, limit);
}
