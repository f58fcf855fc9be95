/**
 * Mail text is data, never instructions (DESIGN §6). Before any engine sees it: HTML comments and
 * invisible or direction-changing characters (zero-width, bidi overrides, tag characters) go, and
 * whitespace runs are folded, so hidden text cannot steer a model or hide from the owner.
 */
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
// Everything that is not printable ASCII, tab or line feed is checked by `invisible`.
const NOT_PLAIN = /[^\n\t -~]/gu;

/** Zero-width and invisible formatting characters, bidirectional controls, BOM, soft hyphen, tags. */
function invisible(cp: number): boolean {
  return (
    cp <= 0x1f || // C0 controls (tab and line feed never reach here)
    (cp >= 0x7f && cp <= 0x9f) || // DEL and C1 controls
    cp === 0xad ||
    cp === 0x34f ||
    cp === 0x61c ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    cp === 0x3164 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    cp === 0xffa0 ||
    (cp >= 0xe0000 && cp <= 0xe0fff) // tag characters and variation selectors supplement
  );
}

/** Text as an engine may read it: what a person would see, nothing hidden. */
export function cleanForEngine(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(HTML_COMMENT, ' ')
    .replace(NOT_PLAIN, (c) => (invisible(c.codePointAt(0)!) ? '' : c))
    .normalize('NFC');
}

/** `cleanForEngine`, with runs of spaces folded and the length capped: what a prompt or a stored reason holds. */
export function cleanUntrustedText(text: string, maxChars = 20_000): string {
  return cleanForEngine(text)
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
