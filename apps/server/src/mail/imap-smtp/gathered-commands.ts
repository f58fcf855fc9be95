/**
 * One IMAP connection runs one command at a time. Calls for the same key (a folder, or a folder and
 * a target) made while an earlier command holds the connection are gathered into one command: a batch
 * takes every id asked for until its turn comes, then runs once for all of them. A busy mailbox's
 * messages in progress together are then fetched in one UID FETCH and filed in one UID MOVE per
 * folder, instead of one command and one folder selection each.
 *
 * `run` calls `take()` once it holds the folder (the batch closes then) and answers per id; every
 * caller of a batch gets its outcome, its error included.
 */
export function gatheredCommand<R>(run: (key: string, take: () => string[]) => Promise<Map<string, R> | void>) {
  interface Batch {
    ids: Set<string>;
    result: Promise<Map<string, R> | void>;
  }
  const open = new Map<string, Batch>();
  return (key: string, ids: string[]): Promise<Map<string, R> | void> => {
    let batch = open.get(key);
    if (!batch) {
      const created: Batch = { ids: new Set(), result: Promise.resolve() };
      const take = () => {
        if (open.get(key) === created) open.delete(key);
        return [...created.ids];
      };
      open.set(key, created);
      created.result = run(key, take).finally(() => {
        if (open.get(key) === created) open.delete(key);
      });
      batch = created;
    }
    for (const id of ids) batch.ids.add(id);
    return batch.result;
  };
}
