import { z } from 'zod';

/** The owner's AI instructions (spec 02 §2 prompt editor, §3 user prompt, §5). Messages are i18n keys. */

export const PROMPT_SECTION_MAX = 10_000;

const section = z
  .string({ error: 'prompts.validation.sectionText' })
  .max(PROMPT_SECTION_MAX, 'prompts.validation.sectionTooLong');

const fields = {
  enabled: z.boolean({ error: 'prompts.validation.boolean' }),
  useContext: z.boolean({ error: 'prompts.validation.boolean' }),
  section1: section,
  section2: section.nullish(),
  section3: section,
  section4: section,
  section5: section,
  section6: section,
};

/** POST /api/user-prompts. */
export const promptInputSchema = z.object({ userId: z.string().optional(), ...fields });
export type PromptInput = z.input<typeof promptInputSchema>;

/** PATCH /api/user-prompts/{id}: the fields that change (the enabled switch patches at once). */
export const promptPatchSchema = z.object({ userId: z.string().optional(), ...fields }).partial();

export const promptSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  enabled: z.boolean(),
  useContext: z.boolean(),
  section1: z.string(),
  section2: z.string().nullable(),
  section3: z.string(),
  section4: z.string(),
  section5: z.string(),
  section6: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prompt = z.infer<typeof promptSchema>;
