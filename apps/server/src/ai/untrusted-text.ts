/**
 * Mail text is data, never instructions (DESIGN §6). Before any engine reads it: no HTML comments,
 * no invisible or direction-changing characters, no control characters, normalised line breaks.
 */

const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
// Everything that is not printable ASCII, tab or line feed goes through `visible`.
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
