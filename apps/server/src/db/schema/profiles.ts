import { boolean, date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A user's profile (personal data). */
export const userProfiles = pgTable('user_profile', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessSector: text('business_sector').notNull(),
  role: text('role').notNull(),
  phoneNumber: text('phone_number').notNull().default(''),
  website: text('website').notNull().default(''),
  /** The owner's language for system mail ('en' | 'fr'); null: not captured from a browser yet (English). */
  language: text('language', { enum: ['en', 'fr'] }),
  /** An IANA time zone name, for the daily digest's 8:00; null: not captured from a browser yet (UTC). */
  timeZone: text('time_zone'),
  /** The daily digest to the owner (issue 36, item 4): on unless turned off. */
  dailyDigest: boolean('daily_digest').notNull().default(true),
  /** The owner's local date of the last digest claimed: one a day, claimed before it is sent. */
  lastDigestDate: date('last_digest_date', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
