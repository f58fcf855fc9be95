/**
 * Mail text is data, never instructions (DESIGN §6). Before any engine sees it: HTML comments and
 * invisible or direction-changing characters (zero-width, bidi overrides, tag characters) go, and
 * whitespace runs are folded, so hidden text cannot steer a model or hide from the owner.
 */
const HTML_COMMENTS = /<!--[\s\S]*?(?:-->|$)/g;
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\u{E0000}-\u{E007F}]/gu;
// Control characters are exactly what this strips.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function cleanUntrustedText(text: string, maxChars = 20_000): string {
  return text
    .replace(HTML_COMMENTS, ' ')
    .replace(INVISIBLE, '')
    .replace(CONTROL, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, maxChars);
}

/** An HTML tag (not an address in angle brackets such as `<ann@example.com>`). */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^>]*)?\/?>/gi;

/** Model output shown or sent as mail: plain text only (tags and invisible characters removed). */
export function toPlainOutput(text: string): string {
  return cleanUntrustedText(text.replace(HTML_TAG, ''), 50_000);
}
