import { DEFAULT_PROMPTS, defaultLanguageOf, type PromptSections } from '@app/shared/prompts-defaults';
import type { Prompt } from '@app/shared/prompts';

export type PromptMode = 'default' | 'advanced';
export type PromptLanguage = keyof typeof DEFAULT_PROMPTS;

export const SECTION_KEYS = ['section1', 'section2', 'section3', 'section4', 'section5', 'section6'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export type AdvancedValues = { useContext: boolean } & Record<SectionKey, string>;

/**
 * The user prompt stores no mode: a prompt that takes its context from the knowledge base and holds
 * the default texts (in either language) is the Default choice; anything else was edited.
 */
export function modeOf(prompt: Prompt | null): PromptMode {
  if (!prompt) return 'default';
  return prompt.useContext && defaultLanguageOf(prompt) ? 'default' : 'advanced';
}

/** The default texts to show: the language the saved default was written in, else the screen's. */
export function defaultSections(prompt: Prompt | null, language: PromptLanguage): PromptSections {
  const saved = prompt && prompt.useContext ? defaultLanguageOf(prompt) : null;
  return DEFAULT_PROMPTS[saved ?? language];
}

/** The advanced form starts from the saved prompt, or from the defaults to edit. */
export function advancedStart(prompt: Prompt | null, language: PromptLanguage): AdvancedValues {
  const from = prompt ?? { ...DEFAULT_PROMPTS[language], useContext: true };
  return {
    useContext: from.useContext,
    section1: from.section1,
    section2: from.useContext ? '' : (from.section2 ?? ''),
    section3: from.section3,
    section4: from.section4,
    section5: from.section5,
    section6: from.section6,
  };
}

/** The body of the save call for either choice. */
export function promptBody(mode: PromptMode, values: AdvancedValues, defaults: PromptSections, enabled: boolean) {
  if (mode === 'default') return { enabled, ...defaults, useContext: true, section2: null };
  return { enabled, ...values, section2: values.useContext ? null : values.section2 };
}
