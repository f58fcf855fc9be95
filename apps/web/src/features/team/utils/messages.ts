import { ApiRequestError } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/error-mapper';
import { i18n } from '@/lib/i18n';

/**
 * Where a key of the shared schemas is read here: their 'invitations.…' messages sit in the 'team'
 * namespace under 'team.invitations.…', and a password rule ('auth.password.…', a checklist label on
 * the sign-up screen) reads as a sentence under 'team.setPassword.errors.…'.
 */
export function teamKeyOf(key: string): string {
  if (key.startsWith('invitations.')) return `team.${key}`;
  if (key.startsWith('auth.password.')) return `team.setPassword.errors.${key.slice('auth.password.'.length)}`;
  return key;
}

/** The text of an i18n key of the shared schemas or the server (a plain text stays as it is). */
export function translateKey(key: string): string {
  const teamKey = teamKeyOf(key);
  if (i18n.exists(teamKey)) return i18n.t(teamKey);
  return i18n.exists(key) ? i18n.t(key) : key;
}

/** The service's codes whose English message is replaced by a text in the user's language. */
const teamCodes: Record<string, string> = {
  TEAM_LIMIT_REACHED: 'team.errors.TEAM_LIMIT_REACHED',
  INVITATION_EXISTS: 'team.errors.INVITATION_EXISTS',
  USER_EXISTS: 'team.errors.USER_EXISTS',
  INVITATION_DAILY_LIMIT: 'team.errors.INVITATION_DAILY_LIMIT',
  INVITATION_ACCEPTED: 'team.errors.INVITATION_ACCEPTED',
  INVALID_INVITATION: 'team.errors.INVALID_INVITATION',
  WRONG_CONNECTION_METHOD: 'team.errors.WRONG_CONNECTION_METHOD',
};

const emailIn = (text: string) => /[^\s:]+@[^\s:]+/.exec(text)?.[0];
const numberIn = (text: string) => {
  const found = /\d+/.exec(text)?.[0];
  return found === undefined ? undefined : Number(found);
};

/**
 * What the code table cannot say: the service's conflicts naming the address or the limit (their
 * message is English), a duplicate address in a batch, a validation key of the team's namespace.
 */
function detailedMessage({ code, message, status }: ApiRequestError): string | null {
  const email = emailIn(message);
  const count = numberIn(message);
  if ((code === 'INVITATION_EXISTS' || code === 'USER_EXISTS') && email) {
    return i18n.t(`team.errors.${code}_email`, { email });
  }
  if ((code === 'TEAM_LIMIT_REACHED' || code === 'INVITATION_DAILY_LIMIT') && count !== undefined) {
    return i18n.t(`team.errors.${code}_count`, { count });
  }
  // Another code of the table has its own text, whatever its message says.
  if (Object.hasOwn(teamCodes, code)) return null;
  const duplicate = /^Duplicate email address: (.+)$/.exec(message);
  if (duplicate) return i18n.t('team.errors.duplicateInBatch', { email: duplicate[1] });
  if (status === 400 && message) return translateKey(message);
  return null;
}

/**
 * The text of an error of the invitations service, in the user's language: by code for the
 * service's own conflicts, by key for validation messages, and otherwise through the shared error
 * mapper.
 */
export function teamErrorMessage(error: unknown): string {
  return (error instanceof ApiRequestError ? detailedMessage(error) : null) ?? errorMessageOf(error, { codes: teamCodes });
}
