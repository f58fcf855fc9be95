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
 * reported them: a SELECT reports them afresh, and for the folder already selected a NOOP brings
 * what other sessions did since (new and expunged mail, and flag changes, which raise the
 * HIGHESTMODSEQ under CONDSTORE). Without CONDSTORE a flag change elsewhere cannot be seen in the
 * state, so nothing is cached. Any change reported on this connection (EXISTS, EXPUNGE, FETCH
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
    /**
     * The folder's page as `load` reads it, or as it was read before when the folder has not changed.
     * `selectedBefore` says whether the folder was already selected before this call's lock: its
     * state is then refreshed with a NOOP, and only when a page could be served from the cache.
     */
    async page(
      client: ImapFlow,
      folder: string,
      selectedBefore: boolean,
      at: { offset: number; limit: number },
      load: () => Promise<BrowsedPage>,
    ): Promise<BrowsedPage> {
      watch(client);
      const key = keyOf(at.offset, at.limit);
      const cached = folders.get(folder);
      if (cached?.pages.has(key)) {
        if (selectedBefore) await client.noop();
        const entry = folders.get(folder);
        const hit = entry?.pages.get(key);
        if (entry && hit && entry.state === stateOf(client)) return hit;
        drop(folder);
      }
      const state = stateOf(client);
      const loaded = await load();
      // What the server reported while the page was read (new mail, another session's flags) counts.
      if (state === null || state !== stateOf(client)) return loaded;
      let entry = folders.get(folder);
      if (!entry || entry.state !== state) {
        drop(folder);
        entry = { state, pages: new Map() };
        folders.set(folder, entry);
      }
      if (!entry.pages.has(key)) size += 1;
      entry.pages.set(key, loaded);
      if (size > MAX_PAGES) {
        const [oldest] = folders.keys();
        if (oldest !== undefined) drop(oldest);
      }
      return loaded;
    },
    drop,
  };
}
