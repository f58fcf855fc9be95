import type { MailDiscovery } from '@app/shared/mail-discovery';
import { DEFAULT_IMAP_PORT } from '@app/shared/mail-settings';
import { emailLocalPart, type MailPreset, type MailServerGuess, presetById } from '@app/shared/mail-presets';

/** The smtp form fields a guess may fill in. */
export const GUESSED_FIELDS = [
  'settings.host',
  'settings.port',
  'settings.smtpSecurity',
  'settings.smtpUser',
  'settings.imapHost',
  'settings.imapPort',
  'settings.imapSecurity',
  'settings.imapUser',
] as const;
export type GuessedField = (typeof GUESSED_FIELDS)[number];
export type GuessedValues = Partial<Record<GuessedField, string | number | undefined>>;

/** What the form learned from the address: servers to fill in, and who they belong to. */
export type ServerGuess = {
  /** The preset's host, or null for servers found in the domain's DNS records (`domain` says whose). */
  preset: MailPreset | null;
  domain: string;
  values: GuessedValues;
};

function sideValues(side: 'smtp' | 'imap', server: MailServerGuess | null, login: string | undefined): GuessedValues {
  if (!server) return {};
  const names =
    side === 'smtp'
      ? ({ host: 'settings.host', port: 'settings.port', security: 'settings.smtpSecurity', user: 'settings.smtpUser' } as const)
      : ({
          host: 'settings.imapHost',
          port: 'settings.imapPort',
          security: 'settings.imapSecurity',
          user: 'settings.imapUser',
        } as const);
  return {
    [names.host]: server.host,
    [names.port]: server.port,
    [names.security]: server.security,
    ...(login !== undefined && { [names.user]: login }),
  };
}

/** A preset's servers for an address, with the login the host expects when it is not the address. */
export function guessFromPreset(preset: MailPreset, address: string, domain: string): ServerGuess {
  const local = emailLocalPart(address);
  return {
    preset,
    domain,
    values: {
      ...sideValues('smtp', preset.smtp, preset.smtpLogin === 'localPart' ? local : undefined),
      ...sideValues('imap', preset.imap, preset.imapLogin === 'localPart' ? local : undefined),
    },
  };
}

/** The server's answer as a guess; null when it found nothing (or Microsoft, which the caller handles). */
export function guessFromDiscovery(answer: MailDiscovery, address: string, domain: string): ServerGuess | null {
  if (answer.microsoft) return null;
  const preset = answer.preset ? presetById(answer.preset) : null;
  if (preset) return guessFromPreset(preset, address, domain);
  if (!answer.imap && !answer.smtp) return null;
  return {
    preset: null,
    domain,
    values: { ...sideValues('smtp', answer.smtp, undefined), ...sideValues('imap', answer.imap, undefined) },
  };
}

/** What each field holds before anyone types: the hosts empty, the IMAP port 993, the rest unset. */
const BLANK: GuessedValues = { 'settings.host': '', 'settings.imapHost': '', 'settings.imapPort': DEFAULT_IMAP_PORT };
type FieldValue = string | number | null | undefined;
/** Equal as the inputs show them: a port typed is text, a port set is a number, blank is '' or unset. */
const same = (a: FieldValue, b: FieldValue) => String(a ?? '') === String(b ?? '');

/**
 * The fields to set for a guess (null: the address has none), never overwriting what the user
 * typed. A field may change while it holds its starting value or what an earlier guess put there
 * (the address changed); what an earlier guess filled and this one does not goes back to blank. A
 * side whose host the user typed is left alone entirely.
 */
export function fieldsToFill(guess: ServerGuess | null, current: GuessedValues, filledBefore: GuessedValues): GuessedValues {
  const mayChange = (field: GuessedField) =>
    same(current[field], BLANK[field]) || (field in filledBefore && same(current[field], filledBefore[field]));
  const updates: GuessedValues = {};
  for (const field of GUESSED_FIELDS) {
    const hostField = field.startsWith('settings.imap') ? 'settings.imapHost' : 'settings.host';
    if (!mayChange(hostField) || !mayChange(field)) continue;
    const wanted = guess && field in guess.values ? guess.values[field] : field in filledBefore ? BLANK[field] : current[field];
    if (!same(current[field], wanted)) updates[field] = wanted;
  }
  return updates;
}

/** What the fields hold from the guess once `updates` are set: an earlier guess's values still there, and the new ones. */
export function filledAfter(
  guess: ServerGuess | null,
  current: GuessedValues,
  filledBefore: GuessedValues,
  updates: GuessedValues,
) {
  const filled: GuessedValues = {};
  for (const [field, value] of Object.entries(guess?.values ?? {}) as [GuessedField, string | number][]) {
    if (field in updates || (field in filledBefore && same(current[field], value) && same(filledBefore[field], value)))
      filled[field] = value;
  }
  return filled;
}
