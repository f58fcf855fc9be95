import { canonicalTimeZone, type MailLanguage } from '@app/shared/profile';
import { HELD_BACK_REASONS } from '@app/shared/mail-settings';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import type { Mailer } from '../../notifications/mailer';
import { type DigestContent, digestMail, isQuietDay } from './digest-mail';
import { digestOffToken, verifyDigestOffToken } from './digest-token';
import * as repo from './digest.repository';
import { addDays, DIGEST_HOUR, digestDay, zonedInstant } from './local-time';

export type DigestDeps = {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  appUrl: string;
  /** The app secret, for the one-click "turn off" link. */
  secret: string;
  log?: { warn(object: object, message: string): void };
};

/** What the digest says when the owner never had a browser report them (docs/decisions.md). */
export const DEFAULT_LANGUAGE: MailLanguage = 'en';
export const DEFAULT_TIME_ZONE = 'UTC';

type Owner = { accountId: string; language: MailLanguage | null; timeZone: string | null };

/** The figures of one owner's digest for the day ending at `day.to` (8:00 local), read from the database. */
export async function gatherDigest(db: Db, owner: Owner, day: { date: string; from: Date; to: Date }): Promise<DigestContent> {
  const timeZone = (owner.timeZone && canonicalTimeZone(owner.timeZone)) || DEFAULT_TIME_ZONE;
  const window = { from: day.from, to: day.to };
  const week = { from: zonedInstant(addDays(day.date, -8), DIGEST_HOUR, timeZone), to: day.from };
  const [handled, outgoing, inDoubt, corrections, heldBack, accuracyDay, accuracyWeek] = await Promise.all([
    repo.handledByCategory(db, owner.accountId, window),
    repo.outgoingCounts(db, owner.accountId, window),
    repo.sendsInDoubt(db, owner.accountId),
    repo.correctionsIn(db, owner.accountId, window),
    repo.heldBackIn(db, owner.accountId, window, HELD_BACK_REASONS),
    repo.aiFiled(db, owner.accountId, window),
    repo.aiFiled(db, owner.accountId, week),
  ]);
  return {
    language: owner.language ?? DEFAULT_LANGUAGE,
    timeZone,
    ...window,
    handled,
    ...outgoing,
    inDoubt: inDoubt.map((s) => ({ subject: s.subject, to: s.target.to ?? [], startedAt: s.startedAt })),
    corrections,
    heldBack,
    accuracy: { day: accuracyDay, week: accuracyWeek },
  };
}

/**
 * Sends every digest due at `now`, each once (issue 36, item 4): to owners with the digest on and a
 * connected mailbox, once their local clock is past 8:00 and that local date's digest was not
 * claimed yet. The claim comes first (two workers, or a run after a crash, never send it twice);
 * a quiet day is claimed and not sent.
 */
export async function sendDueDigests(deps: DigestDeps, now = new Date()) {
  let sent = 0;
  for (const owner of await repo.digestCandidates(deps.db, now.toISOString().slice(0, 10))) {
    try {
      const timeZone = (owner.timeZone && canonicalTimeZone(owner.timeZone)) || DEFAULT_TIME_ZONE;
      const day = digestDay(now, timeZone);
      if (!day || !(await repo.claimDigestDay(deps.db, owner.userId, day.date))) continue;
      const content = await gatherDigest(deps.db, owner, day);
      if (isQuietDay(content)) continue;
      const token = digestOffToken(deps.secret, owner.userId);
      await deps.mailer.send(
        digestMail(content, owner.email, {
          activity: `${deps.appUrl}/email-settings`,
          off: `${deps.appUrl}/digest/off?token=${encodeURIComponent(token)}`,
          profile: `${deps.appUrl}/profile`,
        }),
      );
      sent++;
    } catch (err) {
      deps.log?.warn({ err, userId: owner.userId }, 'daily digest failed');
    }
  }
  return { sent };
}

/** The one-click link: turns the digest of the token's user off; a token not made by this server is refused. */
export async function turnDigestOff(deps: Pick<DigestDeps, 'db' | 'secret'>, token: string) {
  const userId = verifyDigestOffToken(deps.secret, token);
  if (!userId) throw badRequest('profile.digestOff.invalid');
  await repo.turnDigestOff(deps.db, userId);
  return { success: true as const };
}
