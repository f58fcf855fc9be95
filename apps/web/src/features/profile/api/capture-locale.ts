import type { SessionUser } from '@app/shared/auth';
import { useEffect, useRef } from 'react';
import { currentLanguage } from '@/lib/i18n';
import { type DigestChanges, useUpdateProfile } from './update-profile';

/** What this browser says: the interface's language (English for Spanish: mail is written in en/fr) and its time zone. */
export function browserLocale(): { language: 'en' | 'fr'; timeZone: string | undefined } {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    timeZone = undefined;
  }
  return { language: currentLanguage() === 'fr' ? 'fr' : 'en', timeZone };
}

/**
 * What to store on the profile at sign-in: the language and time zone it does not have yet, never
 * over a value already there (the owner may have chosen it on /profile); null when nothing is missing.
 */
export function localeToCapture(
  user: Pick<SessionUser, 'profileId' | 'language' | 'timeZone'>,
  browser: ReturnType<typeof browserLocale>,
): DigestChanges | null {
  if (!user.profileId) return null;
  const changes: DigestChanges = {};
  if (user.language === null) changes.language = browser.language;
  if (user.timeZone === null && browser.timeZone) changes.timeZone = browser.timeZone;
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Stores the browser's language and time zone on the signed-in user's profile when it has none (once per user and page load). */
export function useCaptureLocale(user: SessionUser | null) {
  const update = useUpdateProfile();
  const done = useRef<string | null>(null);
  const { mutate } = update;
  useEffect(() => {
    if (!user?.profileId || done.current === user.uid) return;
    const changes = localeToCapture(user, browserLocale());
    if (!changes) return;
    done.current = user.uid;
    mutate({ id: user.profileId, changes });
  }, [user, mutate]);
}
