import type { MailSetting, UpdateMailSettingInput } from '@app/shared/mail-settings';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** What the caller of one update hears back: success, or the server's (translated) refusal of the value. */
export type UpdateCallbacks = { onSuccess?: () => void; onInvalid?: (message: string) => void };

/** Sends a change of the setting (the screen's update mutation: toasts, pending fields). */
export type SettingUpdate = (patch: Omit<UpdateMailSettingInput, 'id'>, callbacks?: UpdateCallbacks) => void;

type AuthservIdSectionProps = {
  setting: Pick<MailSetting, 'authservId' | 'authservIdSetByOwner'>;
  onUpdate: SettingUpdate;
  pending: ReadonlySet<string>;
};

/**
 * The receiving server's authserv-id (IMAP mailboxes): only its `Authentication-Results` vouch for a
 * sender when the assistant replies to a Reply-To outside the sender's domain. Shows whether it was
 * learned or entered, and lets the owner set or forget it (an empty value forgets it too).
 */
export function AuthservIdSection({ setting, onUpdate, pending }: AuthservIdSectionProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busy = pending.has('authservId');
  const current = setting.authservId;
  const source = t(
    setting.authservIdSetByOwner ? 'mailSettings.receivingServer.setByYou' : 'mailSettings.receivingServer.learned',
  );

  const send = (authservId: string | null) => {
    setError(undefined);
    onUpdate({ authservId }, { onSuccess: () => setDraft(''), onInvalid: setError });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    send(draft.trim() || null);
  };

  return (
    <section aria-labelledby="authserv-id-title" className="grid gap-3 rounded-md border p-3">
      <div className="grid gap-0.5">
        <h3 id="authserv-id-title" className="text-sm font-medium">
          {t('mailSettings.receivingServer.title')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('mailSettings.receivingServer.description')}</p>
      </div>
      <p data-testid="authserv-id-state" className="text-sm">
        {current ? (
          <>
            <span className="font-mono font-medium">{current}</span> <span className="text-muted-foreground">({source})</span>
          </>
        ) : (
          <span className="text-muted-foreground">{t('mailSettings.receivingServer.unknown')}</span>
        )}
      </p>
      <form noValidate onSubmit={save} className="grid gap-2 sm:max-w-md">
        <FormField id="authserv-id" label={t('mailSettings.receivingServer.label')} error={error}>
          <div className="flex flex-wrap gap-2">
            <Input
              {...fieldA11y('authserv-id', error)}
              className="min-w-0 flex-1"
              placeholder="mx.example.com"
              autoComplete="off"
              spellCheck={false}
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                setError(undefined);
              }}
            />
            <Button type="submit" variant="outline" pending={busy}>
              {t('mailSettings.receivingServer.save')}
            </Button>
            {current && (
              <Button type="button" variant="ghost" disabled={busy} onClick={() => send(null)}>
                {t('mailSettings.receivingServer.forget')}
              </Button>
            )}
          </div>
        </FormField>
      </form>
    </section>
  );
}
