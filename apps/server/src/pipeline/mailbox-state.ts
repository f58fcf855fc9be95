/**
 * Facts about a mailbox's state that the pipeline's queries and the operations metrics share, kept
 * out of the repositories so that neither reaches into the other's.
 */
import { RESPONSE_TYPES } from '@app/shared/mail-settings';
import { sql } from 'drizzle-orm';
import { mailAccounts } from '../db/schema/index';

/** A message that failed this many times is left as failed, with its last error, for the owner. */
export const MAX_ATTEMPTS = 5;

/** The SQL twin of `assistantIsActive`: mailboxes whose new mail the assistant classifies or answers. */
export const assistantActive = sql`(${mailAccounts.responseType} <> ${RESPONSE_TYPES.disable} or ${mailAccounts.isClassificationEnabled})`;

/** The skip reason of a message that came back to the tracked folder after it was handled. */
export const ALREADY_HANDLED = 'ALREADY_HANDLED';
