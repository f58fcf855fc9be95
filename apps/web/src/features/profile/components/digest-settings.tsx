import type { Profile } from '@app/shared/profile';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { fieldClasses } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { mapApiError } from '@/lib/error-mapper';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { type DigestChanges, useUpdateProfile } from '../api/update-profile';
import { timeZoneOptions } from '../utils/time-zones';

/** What the digest uses while the browser has not reported anything (docs/decisions.md). */
const DEFAULTS = { language: 'en', timeZone: 'UTC' } as const;

/**
 * The daily digest (issue 36, item 4): the switch, and the language and time zone it is written in
 * and sent by (8:00 there). Each change is saved at once, apart from the profile form's Save.
 */
export function DigestSettings({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  // What is being saved, else the last answer, else the profile given.
  const pending: DigestChanges = update.isPending ? update.variables.changes : {};
  const saved = update.data ?? profile;
  const shown = {
    dailyDigest: pending.dailyDigest ?? saved.dailyDigest,
    language: pending.language ?? saved.language ?? DEFAULTS.language,
    timeZone: pending.timeZone ?? saved.timeZone ?? DEFAULTS.timeZone,
  };
  const save = (changes: DigestChanges) =>
    update.mutate({ id: profile._id, changes }, { onSuccess: () => toast.success(t('profile.digest.saved')) });
  const selectClasses = cn(fieldClasses, 'h-9 cursor-pointer');

  return (
    <section aria-labelledby="digest-title" className="grid gap-4">
      <h2 id="digest-title" className="text-base font-semibold">
        {t('profile.digest.title')}
      </h2>
      {update.isError && <Alert variant="error">{mapApiError(update.error).message}</Alert>}
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor="dailyDigest">{t('profile.digest.switch')}</Label>
          <p id="dailyDigest-help" className="text-sm text-muted-foreground">
            {t('profile.digest.explanation')}
          </p>
        </div>
        <Switch
          id="dailyDigest"
          aria-describedby="dailyDigest-help"
          checked={shown.dailyDigest}
          disabled={update.isPending}
          onCheckedChange={(dailyDigest) => save({ dailyDigest })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="mailLanguage" label={t('profile.digest.language')}>
          <select
            id="mailLanguage"
            className={selectClasses}
            value={shown.language}
            disabled={update.isPending}
            onChange={(event) => save({ language: event.target.value === 'fr' ? 'fr' : 'en' })}
          >
            <option value="en">English</option>
            <option value="fr">Français</option>
          </select>
        </FormField>
        <FormField id="timeZone" label={t('profile.digest.timeZone')}>
          <select
            id="timeZone"
            className={selectClasses}
            value={shown.timeZone}
            disabled={update.isPending}
            onChange={(event) => save({ timeZone: event.target.value })}
          >
            {timeZoneOptions(shown.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    </section>
  );
}
