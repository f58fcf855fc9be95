import { RESPONSE_TYPES, SETTINGS_TOAST_MS, type MailProviderName, type ResponseType } from '@app/shared/mail-settings';
import { planOf } from '@app/shared/plans';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session';
import { useConnectMailbox } from '../api/connect-mailbox';
import { useDefaultConfigs } from '../api/get-default-configs';
import { useMailSetting } from '../api/get-mail-setting';
import { getOAuthUrl } from '../api/get-oauth-url';
import { ConnectForm, type ConnectChoices } from '../components/connect-form';
import { mailErrorMessage } from '../utils/connect-error';
import { defaultRange, rangeFromApi, rangeToConnect } from '../utils/fetch-range';
import { GUIDE_MESSAGE_KEY } from '../utils/guide-message';
import { storeConnectConfig } from '../utils/oauth-config';
import { ApiRequestError } from '@/lib/api-client';

const isProvider = (value: string | null): value is MailProviderName =>
  value === 'gmail' || value === 'outlook' || value === 'smtp';

/**
 * The form's starting choices from the query: the add-in flow, or a return from a failed OAuth. A
 * provider the server cannot connect is not preselected. On a plan that offers AI responses or
 * classification, not both (Starter), classification starts off unless the responses are.
 */
export function initialChoices(
  params: URLSearchParams,
  fetchRange: ConnectChoices['fetchRange'],
  available: Record<MailProviderName, boolean>,
  planLimit = false,
): ConnectChoices {
  const addon = params.get('addon');
  const named = params.get('provider') ?? addon;
  const provider = isProvider(named) && available[named] ? named : null;
  const typed = params.get('responseType');
  const responseType = typed !== null && /^[0-3]$/.test(typed) ? (Number(typed) as ResponseType) : null;
  if (addon) {
    return {
      provider: provider ?? undefined,
      responseType: RESPONSE_TYPES.disable,
      isClassificationEnabled: false,
      isSyncEnabled: true,
      fetchRange,
    };
  }
  const chosen = responseType ?? RESPONSE_TYPES.saveDraft;
  return {
    provider: provider ?? undefined,
    responseType: chosen,
    isClassificationEnabled: !planLimit || chosen === RESPONSE_TYPES.disable,
    isSyncEnabled: true,
    fetchRange,
  };
}

function FormSkeleton() {
  return (
    <div className="grid gap-4" aria-busy>
      <div className="grid gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

/** /email-settings/add: pick a provider and connect the mailbox. */
export function ConnectMailboxRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { user } = useAuth();
  const setting = useMailSetting();
  const configs = useDefaultConfigs();
  const connect = useConnectMailbox();
  const oauth = useMutation({ mutationFn: getOAuthUrl });
  const toasted = useRef(false);

  // An error brought back in the query (failed OAuth) shows once, then leaves the address.
  const queryError = params.get('error');
  useEffect(() => {
    if (!queryError || toasted.current) return;
    toasted.current = true;
    toast.error(queryError, { duration: SETTINGS_TOAST_MS });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [queryError, setParams]);

  // The owner's plan (members have their owner's): Starter offers AI responses or classification, not both.
  const planLimit = planOf(user?.plan ?? '').classificationOrResponses;
  const connecting = connect.isPending || connect.isSuccess;
  if (!connecting && (user?.settings?.provider || setting.data)) return <Navigate to="/email-settings" replace />;
  if (setting.isPending) return <FullPageSpinner />;

  const fetchRange = configs.data
    ? (rangeFromApi(configs.data.fetchRangeDates) ?? defaultRange(configs.data.maxFetchRangeDays))
    : null;

  const startOAuth = (choices: ConnectChoices & { provider: 'gmail' | 'outlook' }) => {
    storeConnectConfig({
      provider: choices.provider,
      responseType: choices.responseType ?? RESPONSE_TYPES.saveDraft,
      isSyncEnabled: choices.isSyncEnabled,
      isClassificationEnabled: choices.isClassificationEnabled,
      fetchRangeDates: rangeToConnect(choices.fetchRange),
    });
    oauth.mutate(choices.provider, {
      onSuccess: (url) => window.location.assign(url),
      onError: (error) => toast.error(mailErrorMessage(error), { duration: SETTINGS_TOAST_MS }),
    });
  };

  return (
    <section className="mx-auto grid w-full max-w-4xl gap-6">
      <div>
        <h1 className="text-xl font-semibold">{t('mailSettings.connect.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('mailSettings.connect.description')}</p>
      </div>
      {configs.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('mailSettings.connect.loadError')}</span>
            <Button variant="outline" size="sm" pending={configs.isFetching} onClick={() => void configs.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : !configs.data ? (
        <FormSkeleton />
      ) : (
        <ConnectForm
          initial={initialChoices(params, fetchRange, configs.data.providers, planLimit)}
          advancedOpen={params.has('addon')}
          allowPlain={configs.data.privateMailHosts}
          planLimit={planLimit}
          providers={configs.data.providers}
          maxDays={configs.data.maxFetchRangeDays}
          pending={connect.isPending}
          oauthPending={oauth.isPending || oauth.isSuccess}
          serverError={connect.error ? mailErrorMessage(connect.error) : null}
          serverIssues={connect.error instanceof ApiRequestError ? connect.error.issues : undefined}
          onCancel={() => void navigate('/email-settings')}
          onOAuth={startOAuth}
          onSubmitSmtp={(values) =>
            connect.mutate(
              {
                ...values,
                fetchRangeDates: values.fetchRangeDates
                  ? rangeToConnect({ from: values.fetchRangeDates.start, to: values.fetchRangeDates.end })
                  : null,
              },
              { onSuccess: () => void navigate('/email-settings', { replace: true, state: { message: GUIDE_MESSAGE_KEY } }) },
            )
          }
        />
      )}
    </section>
  );
}
