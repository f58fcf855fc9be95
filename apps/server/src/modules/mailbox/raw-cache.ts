/**
 * Raw messages read lately, per user, bounded in bytes (least recently used out first). A message
 * id names one message for good (IMAP `<uidvalidity>:<uid>`), so a cached source is never stale;
 * the read panel's detail, body and attachment calls then fetch the message from the server once.
 */
export interface RawCache {
  get(userId: string, folder: string, id: string): Buffer | null;
  set(userId: string, folder: string, id: string, raw: Buffer): void;
}

export function createRawCache(maxBytes = 64 * 1024 * 1024, maxEntryBytes = 16 * 1024 * 1024): RawCache {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  const keyOf = (userId: string, folder: string, id: string) => JSON.stringify([userId, folder, id]);
  return {
    get(userId, folder, id) {
      const key = keyOf(userId, folder, id);
      const raw = entries.get(key);
      if (!raw) return null;
      entries.delete(key);
      entries.set(key, raw);
      return raw;
    },
    set(userId, folder, id, raw) {
      if (raw.length > maxEntryBytes) return;
      const key = keyOf(userId, folder, id);
      const previous = entries.get(key);
      if (previous) {
        entries.delete(key);
        bytes -= previous.length;
      }
      entries.set(key, raw);
      bytes += raw.length;
      for (const [oldest, value] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= value.length;
      }
    },
  };
}
