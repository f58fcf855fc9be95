import { sql } from 'drizzle-orm';
import { SESSION_LOCK_KEY } from '../db/client';
import { mailAccounts, pipelineWorkers } from '../db/schema/index';

/** The advisory-lock space of the workers' presence locks (`Database.holdSessionLock`). */
export const PRESENCE_LOCK_SPACE = 727002;

/** `w` (a `pipeline_worker` row) held its presence lock, and the lock is gone: its process died. */
const presenceGone = sql.raw(`w.presence_locked and not exists (
       select 1 from pg_locks l
        where l.locktype = 'advisory' and l.granted and l.objsubid = 2
          and l.classid = ${PRESENCE_LOCK_SPACE}::oid
          and l.objid = (${SESSION_LOCK_KEY.replace('$2', 'w.id')})::oid)`);

/**
 * The mailbox's lease holder is dead: it held its presence lock, and the lock is gone (its process
 * died and its connection with it). Its lease is then free at once rather than when it expires. A
 * worker that never held the lock (one that could not take it) keeps its lease until it expires.
 */
export const leaseHolderGone = sql`exists (select 1 from pipeline_worker w where w.id = ${mailAccounts.leaseOwner} and ${presenceGone})`;

/** A worker's row (`pipeline_worker` as `w`) whose process is known dead: it no longer counts among the running. */
export const workerGone = sql`exists (select 1 from pipeline_worker w where w.id = ${pipelineWorkers.id} and ${presenceGone})`;
