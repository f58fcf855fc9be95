import { z } from 'zod';

/** The feedback form (spec 02 §2, §3 feedback, §5, §7 POST /feedback). Messages are i18n keys. */

export const FEEDBACK_NAME_MAX = 200;
export const FEEDBACK_MESSAGE_MAX = 5_000;
/** Feedback messages one user may send per hour (the support mailbox must not become a spam target). */
export const FEEDBACK_PER_HOUR = 5;

const required = 'feedback.validation.required';

const text = (max: number) => z.string({ error: required }).trim().min(1, required).max(max, 'feedback.validation.tooLong');

/** POST /api/feedback: all fields required, the e-mail address-like. */
export const feedbackInputSchema = z.object({
  name: text(FEEDBACK_NAME_MAX),
  email: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .pipe(z.email('feedback.validation.invalidEmail').max(320, 'feedback.validation.invalidEmail')),
  message: text(FEEDBACK_MESSAGE_MAX),
});
export type FeedbackInput = z.input<typeof feedbackInputSchema>;

export const feedbackSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
