import type { ConnectMailboxInput } from '@app/shared/mail-settings';
import { emailDomain, isMicrosoftDomain, presetForDomain } from '@app/shared/mail-presets';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Control, type UseFormGetValues, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMailDiscovery } from '../api/discover-mail-servers';
import {
  fieldsToFill,
  filledAfter,
  GUESSED_FIELDS,
  type GuessedValues,
  guessFromDiscovery,
  guessFromPreset,
  type ServerGuess,
} from '../utils/server-guess';

/** How long the address must stay unchanged before it is looked up (a guess per keystroke would flicker). */
export const GUESS_DELAY_MS = 400;

type Form = {
  control: Control<ConnectMailboxInput>;
  getValues: UseFormGetValues<ConnectMailboxInput>;
  setValue: UseFormSetValue<ConnectMailboxInput>;
};

/**
 * Fills in the servers from the address typed (docs/decisions.md, "Connect any mailbox"): the bundled
 * preset of its domain at once, otherwise what the server finds in the domain's DNS. Only fields
 * the user has not typed change. Says whose settings were filled in, and whether the address is
 * Outlook.com or Microsoft 365, which the Outlook card connects.
 */
export function useServerGuess({ control, getValues, setValue }: Form) {
  const typed = useWatch({ control, name: 'settings.user' }) ?? '';
  const address = useDebouncedValue(typed.trim(), GUESS_DELAY_MS);
  const domain = emailDomain(address);
  const preset = domain ? presetForDomain(domain) : null;
  const microsoftDomain = domain !== null && isMicrosoftDomain(domain);
  const discovery = useMailDiscovery(domain && !preset && !microsoftDomain ? address : null);

  const guess = useMemo<ServerGuess | null>(() => {
    if (!domain) return null;
    if (preset) return guessFromPreset(preset, address, domain);
    return discovery.data ? guessFromDiscovery(discovery.data, address, domain) : null;
  }, [address, domain, preset, discovery.data]);
  const microsoft = microsoftDomain || discovery.data?.microsoft === true;

  const filled = useRef<GuessedValues>({});
  const [filledFor, setFilledFor] = useState<ServerGuess | null>(null);
  const waiting = discovery.isFetching;
  useEffect(() => {
    // While the server looks, what an earlier guess filled stays: it is replaced once the answer comes.
    if (waiting) return;
    const current = Object.fromEntries(GUESSED_FIELDS.map((field) => [field, getValues(field)])) as GuessedValues;
    const updates = fieldsToFill(guess, current, filled.current);
    for (const [field, value] of Object.entries(updates) as [keyof GuessedValues, string | number | undefined][]) {
      setValue(field, value as never, { shouldDirty: true });
    }
    filled.current = filledAfter(guess, current, filled.current, updates);
    setFilledFor(Object.keys(filled.current).length > 0 ? guess : null);
  }, [guess, waiting, getValues, setValue]);

  return { guess, filledFor, microsoft };
}
