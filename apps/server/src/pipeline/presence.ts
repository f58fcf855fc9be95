import { sql } from 'drizzle-orm';
import { SESSION_LOCK_KEY } from '../db/client';
import { mailAccounts } from '../db/schema/index';

/** The advisory-lock space of the workers' presence locks (`Database.holdSessionLock`). */
export const PRESENCE_LOCK_SPACE = 727002;

/**
 * The mailbox's lease holder is dead: it held its presence lock, and the lock is gone (its process
 * died and its connection with it). Its lease is then free at once rather than when it expires. A
 * worker that never held the lock (one that could not take it) keeps its lease until it expires.
 */
export const leaseHolderGone = sql`exists (
  select 1 from pipeline_worker w
   where w.id = ${mailAccounts.leaseOwner} and w.presence_locked
     and not exists (
       select 1 from pg_locks l
        where l.locktype = 'advisory' and l.granted and l.objsubid = 2
          and l.classid = ${sql.raw(String(PRESENCE_LOCK_SPACE))}::oid
          and l.objid = (${sql.raw(SESSION_LOCK_KEY.replace('$2', 'w.id'))})::oid))`;
