/**
 * Mail text is data, never instructions (DESIGN §6). Before any engine reads it: no HTML comments,
 * no invisible or direction-changing characters, no control characters, normalised line breaks.
 */

// Zero-width and invisible formatting characters, bidirectional controls, the BOM and soft hyphens.
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|\uDB40[\uDC00-\uDDEF]/g;
// C0 and C1 controls except tab and line feed.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** Text as an engine may read it: what a person would see, nothing hidden. */
export function cleanForEngine(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(HTML_COMMENT, ' ')
    .replace(INVISIBLE, '')
    .replace(CONTROL, '')
    .normalize('NFC');
}
