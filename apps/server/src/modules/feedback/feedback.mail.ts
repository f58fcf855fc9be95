import type { SystemMail } from '../../notifications/mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Header values must stay on one line whatever the user typed. */
const oneLine = (s: string, max: number) => s.replace(/[\r\n\t]+/g, ' ').slice(0, max);

type FeedbackMail = {
  to: string;
  sender: { id: string; email: string };
  form: { name: string; email: string; message: string };
};

/**
 * The support team's copy of a feedback message, in English (it is read by the operator, not the
 * user). Everything the user typed is escaped in the HTML part.
 */
export function feedbackMail({ to, sender, form }: FeedbackMail): SystemMail {
  const subject = `Feedback from ${oneLine(form.name, 100)}`;
  const facts = [
    ['Name', form.name],
    ['E-mail given', form.email],
    ['Account', `${sender.email} (${sender.id})`],
  ] as const;
  const text = `${facts.map(([k, v]) => `${k}: ${oneLine(v, 400)}`).join('\n')}\n\n${form.message}\n`;
  const rows = facts.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const body = escapeHtml(form.message).replace(/\r?\n/g, '<br>');
  return { to, subject, text, html: `<table>${rows}</table><p>${body}</p>` };
}
