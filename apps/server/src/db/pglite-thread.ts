/**
 * PGlite in a thread of its own (see `pglite-client.ts`): the database's work runs beside the
 * server's event loop instead of on it. Requests arrive by message; each names an open transaction
 * or none. PGlite runs one statement at a time and a transaction excludes everything else until it
 * ends, exactly as in one process. Plain TypeScript that Node runs as it is (types stripped): no
 * import of the server's own files.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export type ThreadRequest = { id: number } & (
  | { op: 'query'; text: string; params?: unknown[]; rowMode?: 'array' | 'object'; rawTypes: number[]; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'ready' }
  | { op: 'close' }
);

export type ThreadMessage =
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { notify: string; payload: string };

const port = parentPort!;
const reply = (message: ThreadMessage) => port.postMessage(message);

/** A transaction left open by a caller that ends it later (`end`), with the request waiting for its end. */
type OpenTransaction = { tx: Transaction; finish: (commit: boolean) => void; endRequest?: number };
const open = new Map<number, OpenTransaction>();
const listening = new Map<string, () => Promise<void>>();
let nextTransaction = 1;
/** Thrown inside a transaction to roll it back. */
const ROLLBACK = Symbol('rollback');
/** Returned by a request whose answer is sent later, by the transaction it opened or ended. */
const LATER = Symbol('answered later');

/** What crosses back when a statement fails: the message and the fields PostgreSQL sets (code, detail…). */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error))
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return fields;
}

const passThrough = (value: unknown) => value;

async function run(db: PGlite, request: ThreadRequest) {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? db : open.get(request.tx)?.tx;
      if (!target) throw new Error('The transaction has ended');
      const parsers = Object.fromEntries(request.rawTypes.map((type) => [type, passThrough]));
      const { rows, fields, affectedRows } = await target.query(request.text, request.params, {
        rowMode: request.rowMode,
        parsers,
      });
      return { rows, fields, affectedRows };
    }
    case 'begin':
      return begin(db, request.id);
    case 'end': {
      const transaction = open.get(request.tx);
      if (!transaction) throw new Error('The transaction has ended');
      open.delete(request.tx);
      transaction.endRequest = request.id;
      transaction.finish(request.commit);
      return LATER; // answered when the transaction has ended (`begin`)
    }
    case 'listen':
      if (!listening.has(request.channel))
        listening.set(
          request.channel,
          await db.listen(request.channel, (payload) => reply({ notify: request.channel, payload })),
        );
      return undefined;
    case 'unlisten':
      await listening.get(request.channel)?.();
      listening.delete(request.channel);
      return undefined;
    case 'ready':
      return undefined;
    case 'close':
      await db.close();
      return undefined;
  }
}

/** Opens a transaction that stays open until its `end`, which is answered once it committed or rolled back. */
function begin(db: PGlite, beginRequest: number) {
  const id = nextTransaction++;
  let entry: OpenTransaction | undefined;
  db.transaction(async (tx) => {
    const commit = await new Promise<boolean>((finish) => {
      entry = { tx, finish };
      open.set(id, entry);
      reply({ id: beginRequest, ok: true, value: id });
    });
    if (!commit) throw ROLLBACK;
  }).then(
    () => reply({ id: entry!.endRequest!, ok: true }),
    (error: unknown) => {
      // Failed to begin: the caller waits on `begin`; failed to end: on `end`.
      const request = entry ? entry.endRequest! : beginRequest;
      reply(error === ROLLBACK ? { id: request, ok: true } : { id: request, ok: false, error: errorFields(error) });
    },
  );
  return LATER; // answered from inside the transaction
}

const { dir } = workerData as { dir: string | null };
const ready = PGlite.create(dir ?? undefined, { extensions: { pg_trgm } });
port.on('message', (request: ThreadRequest) => {
  ready
    .then((db) => run(db, request))
    .then(
      (value) => value !== LATER && reply({ id: request.id, ok: true, value }),
      (error: unknown) => reply({ id: request.id, ok: false, error: errorFields(error) }),
    );
});
