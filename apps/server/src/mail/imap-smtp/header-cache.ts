import type { ImapFlow } from 'imapflow';
import type { BrowsedMessage } from '../port';

export interface BrowsedPage {
  total: number;
  messages: BrowsedMessage[];
}

/** Pages kept per connection: a few folders' first pages, which is where people go back and forth. */
const MAX_PAGES = 60;

/**
 * The webmail's pages of headers, kept per IMAP connection and valid while their folder has not
 * changed. A folder's state is its UIDVALIDITY, EXISTS, UIDNEXT and HIGHESTMODSEQ as the server last
 * reported them; the caller has them reported afresh (a SELECT, or a NOOP for the folder already
 * selected, brings what other sessions did since: new and expunged mail, and flag changes, which
 * raise the HIGHESTMODSEQ under CONDSTORE). Without CONDSTORE a flag change elsewhere cannot be seen
 * in the state, so nothing is cached. Any change reported on this connection (EXISTS, EXPUNGE, FETCH
 * FLAGS) and any change made through it drop the folder's pages.
 */
export function createHeaderCache() {
  const folders = new Map<string, { state: string; pages: Map<string, BrowsedPage> }>();
  const watched = new WeakSet<ImapFlow>();
  let size = 0;

  function drop(folder: string) {
    const entry = folders.get(folder);
    if (!entry) return;
    size -= entry.pages.size;
    folders.delete(folder);
  }

  function watch(client: ImapFlow) {
    if (watched.has(client)) return;
    watched.add(client);
    for (const event of ['exists', 'expunge', 'flags'] as const) {
      client.on(event, (change: { path: string }) => drop(change.path));
    }
  }

  /** The selected folder's state, or null when it cannot tell flag changes (no CONDSTORE). */
  function stateOf(client: ImapFlow): string | null {
    const mailbox = client.mailbox;
    if (!mailbox || !mailbox.highestModseq) return null;
    return `${mailbox.uidValidity}:${mailbox.exists}:${mailbox.uidNext}:${mailbox.highestModseq}`;
  }

  const keyOf = (offset: number, limit: number) => `${offset}:${limit}`;

  return {
    /** The folder's page as `load` reads it, or as it was read before when the folder has not changed. */
    async page(
      client: ImapFlow,
      folder: string,
      at: { offset: number; limit: number },
      load: () => Promise<BrowsedPage>,
    ): Promise<BrowsedPage> {
      watch(client);
      const key = keyOf(at.offset, at.limit);
      const entry = folders.get(folder);
      const hit = entry?.pages.get(key);
      if (entry && hit && entry.state === stateOf(client)) return hit;
      if (hit) drop(folder);
      const state = stateOf(client);
      const loaded = await load();
      // What the server reported while the page was read (new mail, another session's flags) counts.
      if (state === null || state !== stateOf(client)) return loaded;
      let kept = folders.get(folder);
      if (!kept || kept.state !== state) {
        drop(folder);
        kept = { state, pages: new Map() };
        folders.set(folder, kept);
      }
      if (!kept.pages.has(key)) size += 1;
      kept.pages.set(key, loaded);
      if (size > MAX_PAGES) {
        const [oldest] = folders.keys();
        if (oldest !== undefined) drop(oldest);
      }
      return loaded;
    },
    drop,
  };
}
