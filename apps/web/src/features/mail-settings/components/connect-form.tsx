import {
  connectMailboxSchema,
  DEFAULT_IMAP_PORT,
  FETCH_RANGE_MAX_DAYS,
  RESPONSE_TYPES,
  type ConnectMailboxInput,
  type DefaultConfigs,
  type MailProviderName,
  type ResponseType,
} from '@app/shared/mail-settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { CompleteRange } from '../utils/fetch-range';
import type { ApiIssue } from '@/lib/api-client';
import { Step, SwitchRow } from './connect-form-parts';
import { DateRangePicker } from './date-range-picker';
import { ProviderCards } from './provider-cards';
import { useInstantReplyConfirm } from './instant-reply-confirm';
import { ResponseTypeCards } from './response-type-cards';
import { SmtpFields } from './smtp-fields';
import { StarterPlanNotice } from './starter-plan-notice';

export type ConnectFormValues = z.output<typeof connectMailboxSchema>;
export type ConnectChoices = {
  provider: MailProviderName | undefined;
  responseType: ResponseType | null;
  isSyncEnabled: boolean;
  isClassificationEnabled: boolean;
  fetchRange: CompleteRange | null;
};

type ConnectFormProps = {
  initial: ConnectChoices;
  providers: DefaultConfigs['providers'] | undefined;
  maxDays?: number;
  /** Shows the three numbered steps at once (e.g. when the add-in flow set the options). */
  advancedOpen?: boolean;
  /** The server allows private mail hosts, so security "none" may be chosen for them. */
  allowPlain?: boolean;
  /** The plan offers AI responses or AI classification, not both (Starter): only those combinations are offered. */
  planLimit?: boolean;
  onSubmitSmtp: (values: ConnectFormValues) => void;
  onOAuth: (choices: ConnectChoices & { provider: 'gmail' | 'outlook' }) => void;
  onCancel: () => void;
  pending: boolean;
  oauthPending: boolean;
  serverError: string | null;
  serverIssues?: ApiIssue[];
};

const emptySmtp = { name: '', host: '', port: undefined, user: '', pass: '', imapHost: '', imapPort: DEFAULT_IMAP_PORT };

/**
 * The mailbox connect form (spec 02 §2 "Mailbox connect form", §4, §5). smtp submits the form;
 * gmail and outlook hand the choices to `onOAuth`, which sends the user to the provider.
 */
export function ConnectForm(props: ConnectFormProps) {
  const { initial, providers, maxDays = FETCH_RANGE_MAX_DAYS, onSubmitSmtp, onOAuth, onCancel, pending, oauthPending } = props;
  const planLimit = props.planLimit ?? false;
  const { t } = useTranslation();
  const [advanced, setAdvanced] = useState(props.advancedOpen ?? false);
  // The red notice waits until the user has chosen something or tried to go on (decisions.md).
  const [touched, setTouched] = useState(false);
  const confirmInstantReply = useInstantReplyConfirm('mailbox');
  const { register, control, handleSubmit, setValue, getValues, clearErrors, setError, formState } = useForm<
    ConnectMailboxInput,
    unknown,
    ConnectFormValues
  >({
    resolver: zodResolver(connectMailboxSchema),
    defaultValues: {
      provider: initial.provider,
      responseType: initial.responseType ?? undefined,
      isSyncEnabled: initial.isSyncEnabled,
      isClassificationEnabled: initial.isClassificationEnabled,
      fetchRangeDates: initial.fetchRange ? { start: initial.fetchRange.from, end: initial.fetchRange.to } : null,
      settings: emptySmtp,
    },
  });
  const provider = useWatch({ control, name: 'provider' });
  const responseType = useWatch({ control, name: 'responseType' }) as number | null | undefined;
  // Starter: with AI responses on, classification stays off (and its switch says why).
  const responsesOn = responseType != null && Number(responseType) !== RESPONSE_TYPES.disable;
  const classificationLocked = planLimit && responsesOn;

  useEffect(() => {
    if (classificationLocked && getValues('isClassificationEnabled') !== false) setValue('isClassificationEnabled', false);
  }, [classificationLocked, getValues, setValue]);

  // Field errors the server found (400 with issues) go under their fields.
  useEffect(() => {
    for (const issue of props.serverIssues ?? []) {
      if (issue.path.length) setError(issue.path.join('.') as Path<ConnectMailboxInput>, { message: issue.message });
    }
  }, [props.serverIssues, setError]);

  const chooseProvider = (next: MailProviderName) => {
    // A new provider starts with empty provider settings and no errors; the options stay.
    setTouched(true);
    setValue('provider', next);
    setValue('settings', emptySmtp);
    clearErrors();
  };

  const choices = (): ConnectChoices => {
    const values = getValues();
    const range = values.fetchRangeDates as { start: Date; end: Date } | null | undefined;
    return {
      provider: values.provider,
      responseType: values.responseType == null ? null : (Number(values.responseType) as ResponseType),
      isSyncEnabled: values.isSyncEnabled ?? true,
      isClassificationEnabled: values.isClassificationEnabled ?? true,
      fetchRange: range ? { from: range.start, to: range.end } : null,
    };
  };

  const missingChoice = !provider || responseType == null;
  const isOAuth = provider === 'gmail' || provider === 'outlook';

  return (
    <form noValidate onSubmit={handleSubmit(onSubmitSmtp)} className="grid gap-6">
      <div className="flex items-center justify-between gap-4 rounded-md border bg-muted/30 p-3">
        <Label htmlFor="advanced-settings">{t('mailSettings.connect.advancedSettings')}</Label>
        <Switch id="advanced-settings" checked={advanced} onCheckedChange={setAdvanced} />
      </div>

      <Step n={1} title={t('mailSettings.connect.steps.integration')} show={advanced}>
        <div className="grid gap-4">
          <ProviderCards value={provider} onChange={chooseProvider} providers={providers} disabled={pending || oauthPending} />
          {provider === 'smtp' && (
            <SmtpFields
              control={control}
              register={register}
              setValue={setValue}
              getValues={getValues}
              errors={formState.errors.settings}
              allowPlain={props.allowPlain ?? false}
              outlookAvailable={providers?.outlook ?? false}
              onUseOutlook={() => chooseProvider('outlook')}
              disabled={pending}
            />
          )}
          {isOAuth && (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="button"
                pending={oauthPending}
                disabled={missingChoice}
                onClick={() => {
                  const current = choices();
                  onOAuth({ ...current, provider: provider });
                }}
              >
                <LogIn aria-hidden />
                {t(`mailSettings.connect.signInWith.${provider}`)}
              </Button>
              <p className="text-xs text-muted-foreground">{t('mailSettings.connect.oauthHint')}</p>
            </div>
          )}
        </div>
      </Step>

      {/* Shown without opening the advanced settings: it is the choice the form asks for (decisions.md). */}
      <Step n={2} title={t('mailSettings.connect.steps.responseType')} show>
        <Controller
          control={control}
          name="responseType"
          render={({ field }) => {
            const choose = (next: ResponseType) => {
              field.onChange(next);
              // Processing by classification needs the classification; on Starter, AI responses exclude it.
              if (next === RESPONSE_TYPES.basedOnClassification) setValue('isClassificationEnabled', true);
              else if (planLimit && next !== RESPONSE_TYPES.disable) setValue('isClassificationEnabled', false);
              setTouched(true);
            };
            return (
              <ResponseTypeCards
                value={field.value as number | null | undefined}
                disabled={pending}
                unavailable={planLimit ? [RESPONSE_TYPES.basedOnClassification] : []}
                unavailableHint={t('mailSettings.connect.starterLimit.cardHint')}
                onChange={(next) => {
                  if (next === RESPONSE_TYPES.instantReply) return confirmInstantReply.ask(() => choose(next));
                  choose(next);
                }}
              />
            );
          }}
        />
        {planLimit && <StarterPlanNotice />}
      </Step>
      {advanced && (
        <>
          <Step n={3} title={t('mailSettings.connect.steps.options')} show>
            <div className="grid gap-3">
              <Controller
                control={control}
                name="isClassificationEnabled"
                render={({ field }) => (
                  <SwitchRow
                    id="classification"
                    label={t('mailSettings.options.classification')}
                    hint={
                      classificationLocked
                        ? t('mailSettings.connect.starterLimit.classificationHint')
                        : t('mailSettings.options.classificationHint')
                    }
                    checked={field.value ?? true}
                    disabled={classificationLocked}
                    onChange={field.onChange}
                  />
                )}
              />
              <Controller
                control={control}
                name="isSyncEnabled"
                render={({ field }) => (
                  <SwitchRow
                    id="sync"
                    label={t('mailSettings.options.sync')}
                    hint={t('mailSettings.options.syncHint')}
                    checked={field.value ?? true}
                    onChange={field.onChange}
                  />
                )}
              />
              <div className="grid gap-2">
                <Label htmlFor="fetch-range">{t('mailSettings.options.fetchRange')}</Label>
                <Controller
                  control={control}
                  name="fetchRangeDates"
                  render={({ field, fieldState }) => {
                    const range = field.value as { start: Date; end: Date } | null | undefined;
                    return (
                      <>
                        <DateRangePicker
                          id="fetch-range"
                          maxDays={maxDays}
                          value={range ? { from: range.start, to: range.end } : null}
                          onChange={(next) => field.onChange({ start: next.from, end: next.to })}
                          aria-describedby={fieldState.error ? 'fetch-range-error' : undefined}
                        />
                        {fieldState.error?.message && (
                          <p id="fetch-range-error" className="text-sm text-destructive">
                            {t(fieldState.error.message)}
                          </p>
                        )}
                      </>
                    );
                  }}
                />
              </div>
            </div>
          </Step>
        </>
      )}

      {missingChoice && (touched || formState.submitCount > 0) && (
        <Alert variant="error">{t('mailSettings.connect.notice')}</Alert>
      )}
      {props.serverError && (
        <Alert variant="error" data-testid="connect-error">
          {props.serverError}
        </Alert>
      )}

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {t('mailSettings.connect.cancel')}
        </Button>
        {provider === 'smtp' && (
          <Button type="submit" pending={pending} disabled={missingChoice}>
            {t('mailSettings.connect.save')}
          </Button>
        )}
      </div>
      {confirmInstantReply.dialog}
    </form>
  );
}
