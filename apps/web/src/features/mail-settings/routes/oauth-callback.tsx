import { RESPONSE_TYPES } from '@app/shared/mail-settings';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useConnectMailbox } from '../api/connect-mailbox';
import type { OAuthProvider } from '../api/get-oauth-url';
import { mailErrorMessage } from '../utils/connect-error';
import { GUIDE_MESSAGE_KEY } from '../utils/guide-message';
import { clearConnectConfig, readConnectConfig } from '../utils/oauth-config';

/**
 * The provider sends the user back here with `code` and `state`, or with `error` and
 * `error_description` (spec 02 §4 "Outlook callback"). With a code the mailbox is connected with the
 * choices stored before leaving; otherwise, or on failure, back to the connect form with the error.
 * The stored choices are removed either way.
 */
function OAuthCallback({ provider }: { provider: OAuthProvider }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const connect = useConnectMailbox();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const config = readConnectConfig();
    const responseType = config?.responseType ?? RESPONSE_TYPES.saveDraft;
    const backToForm = (error: string) => {
      clearConnectConfig();
      const query = new URLSearchParams({ provider, responseType: String(responseType), error });
      void navigate(`/email-settings/add?${query.toString()}`, { replace: true });
    };

    const code = params.get('code');
    const error = params.get('error');
    if (error || !code) {
      backToForm(params.get('error_description') || error || t('mailSettings.errors.oauthFailed'));
      return;
    }
    connect.mutate(
      {
        provider,
        code,
        state: params.get('state') ?? undefined,
        responseType,
        isSyncEnabled: config?.isSyncEnabled ?? true,
        isClassificationEnabled: config?.isClassificationEnabled ?? true,
        fetchRangeDates: config?.fetchRangeDates ?? undefined,
      },
      {
        onSuccess: () => {
          clearConnectConfig();
          void navigate('/email-settings', { replace: true, state: { message: GUIDE_MESSAGE_KEY } });
        },
        onError: (failure) => backToForm(mailErrorMessage(failure)),
      },
    );
  }, []);

  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-6" />
      <p role="status">{t('mailSettings.callback.connecting', { provider: t(`mailSettings.providers.${provider}`) })}</p>
    </div>
  );
}

/** /cb/ms (spec 02 §2). */
export function OutlookCallbackRoute() {
  return <OAuthCallback provider="outlook" />;
}

/** /cb/google: the same for Gmail. */
export function GoogleCallbackRoute() {
  return <OAuthCallback provider="gmail" />;
}
