/**
 * What in a message's text is its own and what is quoted from earlier mail: replies quote with ">" and
 * open the history with a reply header ("On … wrote:", "Le … a écrit :", "-----Original Message-----",
 * Outlook's "From:/Sent:"); forwards and signatures follow their own markers.
 */

/** Lines quoted from an earlier message (">") and everything after a reply header say what that message was about. */
const QUOTE_HEADER =
  /^\s*(?:on\b.{0,200}\bwrote\s*:|le\b.{0,200}\ba écrit\s*:|-{3,}\s*(?:original message|message d'origine)|from:\s.+\n\s*sent:)/im;

/** The text before the quoted history, without its ">" lines (signatures kept). */
export function ownText(body: string): string {
  const header = QUOTE_HEADER.exec(body);
  const own = header ? body.slice(0, header.index) : body;
  return own
    .split('\n')
    .filter((line) => !/^\s*>/.test(line))
    .join('\n');
}

/** The message's own words: quoted history, forwarded parts and signatures cut, line by line. */
export function newLines(text: string): string {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*>/.test(line)) continue;
    if (/^\s*-{2,}\s*(?:original message|forwarded|message d'origine|message transféré)/i.test(line)) break;
    if (/^\s*(?:on .{4,80} wrote|le .{4,80} a écrit)\s*:\s*$/i.test(line)) break;
    if (/^\s*--\s*$/.test(line)) break;
    lines.push(line);
  }
  return lines.join('\n').trim();
}
