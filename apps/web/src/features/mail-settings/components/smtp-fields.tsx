import { DEFAULT_IMAP_PORT, DEFAULT_SMTP_PORT, defaultImapHost, type ConnectMailboxInput } from '@app/shared/mail-settings';
import { useState } from 'react';
import type { Control, FieldErrors, UseFormGetValues, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ServerGuessNotice } from './server-guess-notice';
import { useServerGuess } from './use-server-guess';

type SmtpFieldsProps = {
  control: Control<ConnectMailboxInput>;
  register: UseFormRegister<ConnectMailboxInput>;
  setValue: UseFormSetValue<ConnectMailboxInput>;
  getValues: UseFormGetValues<ConnectMailboxInput>;
  errors: FieldErrors<ConnectMailboxInput>['settings'];
  /** The server allows private mail hosts: security "none" may be chosen (for them only). */
  allowPlain: boolean;
  outlookAvailable: boolean;
  onUseOutlook: () => void;
  disabled?: boolean;
};

const emptyToUndefined = (value: unknown) => (value === '' || value == null ? undefined : value);

const SIDES = {
  smtp: { login: 'settings.smtpUser', choice: 'settings.smtpSecurity', user: 'smtpUser', security: 'smtpSecurity' },
  imap: { login: 'settings.imapUser', choice: 'settings.imapSecurity', user: 'imapUser', security: 'imapSecurity' },
} as const;

type LoginAndSecurityProps = { side: 'smtp' | 'imap'; register: UseFormRegister<ConnectMailboxInput>; allowPlain: boolean };

/**
 * One side's own login (empty: the address) and its security: by the port, TLS, STARTTLS, or none,
 * offered only where the server allows private hosts (and refused by it for a public one).
 */
function LoginAndSecurity({ side, register, allowPlain }: LoginAndSecurityProps) {
  const { t } = useTranslation();
  const names = SIDES[side];
  return (
    <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
      <FormField id={`${side}-login`} label={t(`mailSettings.smtp.${names.user}`)}>
        <Input
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('mailSettings.smtp.sameAsAddress')}
          {...fieldA11y(`${side}-login`, undefined)}
          {...register(names.login, { setValueAs: emptyToUndefined })}
        />
      </FormField>
      <FormField id={`${side}-security`} label={t(`mailSettings.smtp.${names.security}`)}>
        <select
          id={`${side}-security`}
          className="h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          defaultValue=""
          {...register(names.choice, { setValueAs: emptyToUndefined })}
        >
          <option value="">{t('mailSettings.smtp.security.auto')}</option>
          <option value="tls">{t('mailSettings.smtp.security.tls')}</option>
          <option value="starttls">{t('mailSettings.smtp.security.starttls')}</option>
          {allowPlain && <option value="none">{t('mailSettings.smtp.security.none')}</option>}
        </select>
      </FormField>
    </div>
  );
}

/**
 * The smtp provider's fields (spec 02 §3 plus the IMAP server of DESIGN §4). The servers are filled
 * in from the address where its host is known (`useServerGuess`); the IMAP host follows the SMTP
 * host (`smtp.` → `imap.`) until the user edits it.
 */
export function SmtpFields(props: SmtpFieldsProps) {
  const { register, setValue, errors, disabled, allowPlain } = props;
  const { t } = useTranslation();
  const [imapEdited, setImapEdited] = useState(false);
  const guess = useServerGuess(props);
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const e = {
    name: message(errors?.name?.message),
    host: message(errors?.host?.message),
    port: message(errors?.port?.message),
    user: message(errors?.user?.message),
    pass: message(errors?.pass?.message),
    imapHost: message(errors?.imapHost?.message),
    imapPort: message(errors?.imapPort?.message),
  };

  return (
    <fieldset className="grid gap-4" disabled={disabled}>
      <legend className="sr-only">{t('mailSettings.smtp.legend')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="smtp-name" label={t('mailSettings.smtp.name')} error={e.name}>
          <Input autoComplete="name" {...fieldA11y('smtp-name', e.name)} {...register('settings.name')} />
        </FormField>
        <FormField id="smtp-user" label={t('mailSettings.smtp.user')} error={e.user}>
          <Input
            type="email"
            autoComplete="email"
            aria-required
            placeholder="name@example.com"
            {...fieldA11y('smtp-user', e.user)}
            {...register('settings.user')}
          />
        </FormField>
        <FormField id="smtp-pass" label={t('mailSettings.smtp.pass')} error={e.pass}>
          <Input
            type="password"
            autoComplete="current-password"
            aria-required
            {...fieldA11y('smtp-pass', e.pass)}
            {...register('settings.pass')}
          />
        </FormField>
      </div>
      <ServerGuessNotice {...guess} outlookAvailable={props.outlookAvailable} onUseOutlook={props.onUseOutlook} />

      <h3 className="text-sm font-semibold">{t('mailSettings.smtp.smtpHeading')}</h3>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <FormField id="smtp-host" label={t('mailSettings.smtp.host')} error={e.host}>
          <Input
            aria-required
            placeholder="smtp.example.com"
            autoCapitalize="none"
            spellCheck={false}
            {...fieldA11y('smtp-host', e.host)}
            {...register('settings.host', {
              onChange: (event: { target: HTMLInputElement }) => {
                if (imapEdited) return;
                const host = event.target.value.trim().split(':')[0] ?? '';
                setValue('settings.imapHost', host ? defaultImapHost(host) : '');
              },
            })}
          />
        </FormField>
        <FormField id="smtp-port" label={t('mailSettings.smtp.port')} error={e.port}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            placeholder={String(DEFAULT_SMTP_PORT)}
            aria-describedby={e.port ? 'smtp-port-error' : 'smtp-port-hint'}
            aria-invalid={e.port ? true : undefined}
            id="smtp-port"
            {...register('settings.port', { setValueAs: emptyToUndefined })}
          />
        </FormField>
      </div>
      <p id="smtp-port-hint" className="-mt-2 text-xs text-muted-foreground">
        {t('mailSettings.smtp.portHint', { port: DEFAULT_SMTP_PORT })}
      </p>
      <LoginAndSecurity side="smtp" register={register} allowPlain={allowPlain} />

      <h3 className="text-sm font-semibold">{t('mailSettings.smtp.imapHeading')}</h3>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <FormField id="imap-host" label={t('mailSettings.smtp.imapHost')} error={e.imapHost}>
          <Input
            placeholder="imap.example.com"
            autoCapitalize="none"
            spellCheck={false}
            {...fieldA11y('imap-host', e.imapHost)}
            {...register('settings.imapHost', { onChange: () => setImapEdited(true) })}
          />
        </FormField>
        <FormField id="imap-port" label={t('mailSettings.smtp.imapPort')} error={e.imapPort}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            placeholder={String(DEFAULT_IMAP_PORT)}
            {...fieldA11y('imap-port', e.imapPort)}
            {...register('settings.imapPort', { setValueAs: emptyToUndefined })}
          />
        </FormField>
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">{t('mailSettings.smtp.imapHint')}</p>
      <LoginAndSecurity side="imap" register={register} allowPlain={allowPlain} />
    </fieldset>
  );
}
