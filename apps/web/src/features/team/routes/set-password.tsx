import { verifyInvitationResponseSchema } from '@app/shared/invitations';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import type { SocialProvider } from '@/lib/auth-client';
import { useAuthConfig } from '@/lib/auth-config';
import { codeKeyOf, type ErrorTable } from '@/lib/error-mapper';
import { useSetInvitationPassword } from '../api/set-password';
import { useVerifyInvitation } from '../api/verify-invitation';
import { PasswordChecklist } from '@/components/ui/password-checklist';
import { PublicCard } from '../components/public-card';
import { SignInLink } from '../components/sign-in-link';
import { VerificationStatus } from '../components/verification-status';
import { invitationStateOf, type InvitationState } from '../utils/invitation-state';
import { methodKeys } from '../utils/labels';
import { teamErrorMessage } from '../utils/messages';
import { passwordProblem, type PasswordProblem } from '../utils/password';

/** The state the verify screen passed, if it is one. */
function stateOf(value: unknown): InvitationState | null {
  const state = value as { invitation?: unknown; token?: unknown } | null;
  if (typeof state?.token !== 'string' || !state.token) return null;
  const parsed = verifyInvitationResponseSchema.safeParse({ success: true, error: null, ...(state.invitation as object) });
  return parsed.success && parsed.data.success ? invitationStateOf(parsed.data, state.token) : null;
}

/** Spec 02 §8: the server's reason, else a generic failure; something other than an answer: unexpected. */
function failureText(error: unknown) {
  if (!(error instanceof ApiRequestError)) return 'team.setPassword.errors.unexpected';
  return error.message ? null : 'team.setPassword.errors.failed';
}

function PasswordForm({ state }: { state: InvitationState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setPassword = useSetInvitationPassword();
  const [password, setPasswordValue] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<PasswordProblem | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblem(password, confirmPassword);
    setProblem(found);
    if (found) return;
    setPassword.mutate(
      { token: state.token, password, confirmPassword },
      { onSuccess: () => navigate('/signin', { replace: true, state: { message: 'team.setPassword.success' } }) },
    );
  };

  const passwordError = problem?.field === 'password' ? t(problem.key) : undefined;
  const confirmError = problem?.field === 'confirmPassword' ? t(problem.key) : undefined;
  const failure = setPassword.error ? failureText(setPassword.error) : null;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {setPassword.error && <Alert variant="error">{failure ? t(failure) : teamErrorMessage(setPassword.error)}</Alert>}
      <FormField id="invited-email" label={t('team.setPassword.email')}>
        <Input
          id="invited-email"
          type="email"
          value={state.invitation.email}
          readOnly
          className="bg-muted text-muted-foreground"
        />
      </FormField>
      <FormField id="password" label={t('team.setPassword.password')} error={passwordError}>
        <Input
          type="password"
          autoComplete="new-password"
          aria-required
          value={password}
          onChange={(event) => setPasswordValue(event.target.value)}
          {...fieldA11y('password', passwordError)}
        />
      </FormField>
      <PasswordChecklist password={password} />
      <FormField id="confirmPassword" label={t('team.setPassword.confirmPassword')} error={confirmError}>
        <Input
          type="password"
          autoComplete="new-password"
          aria-required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          {...fieldA11y('confirmPassword', confirmError)}
        />
      </FormField>
      <Button type="submit" className="w-full" pending={setPassword.isPending}>
        {t('team.setPassword.submit')}
      </Button>
    </form>
  );
}

/** The refusals of a provider acceptance (the server's codes; the popup's own are auth keys). */
const providerErrors: ErrorTable = {
  codes: {
    INVITATION_EMAIL_MISMATCH: 'team.setPassword.providerErrors.emailMismatch',
    INVALID_INVITATION: 'team.setPassword.providerErrors.invalid',
    WRONG_CONNECTION_METHOD: 'team.setPassword.providerErrors.invalid',
    USER_EXISTS: 'team.setPassword.providerErrors.userExists',
  },
  fallback: 'team.setPassword.providerErrors.failed',
};
export const providerErrorKey = (code: string) => codeKeyOf(code, providerErrors);

/** The app's Google/Microsoft sign-in (the auth feature's, composed in by the router). */
export type ProviderSignInHook = (options: {
  callbackURL: string;
  errorCallbackURL: string;
  additionalData: Record<string, string>;
  successURL: string;
  errorKey: (code: string) => string;
}) => { start: (provider: SocialProvider) => Promise<void>; pending: SocialProvider | null; error: string | null };

/**
 * Microsoft or Google: the provider's sign-in, carrying the invitation token. The server accepts the
 * invitation only for the invited address; once signed in, the member lands in the app.
 */
function ProviderAcceptance({ state, useProviderSignIn }: { state: InvitationState; useProviderSignIn: ProviderSignInHook }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const method = state.invitation.connectionMethod as SocialProvider;
  const provider = t(methodKeys[method]);
  const { data: config } = useAuthConfig();
  const social = useProviderSignIn({
    callbackURL: '/',
    // After a redirect (popup blocked) a refusal comes back here, in `error`.
    errorCallbackURL: `/invitations/set-password?token=${encodeURIComponent(state.token)}`,
    additionalData: { invitationToken: state.token },
    successURL: '/',
    errorKey: providerErrorKey,
  });
  const returned = params.get('error');
  const errorKey = social.error ?? (returned ? providerErrorKey(returned) : null);
  const notConfigured = config !== undefined && !config[method];

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {t('team.setPassword.providerIntro', { email: state.invitation.email, provider })}
      </p>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={notConfigured}
        pending={social.pending !== null}
        aria-describedby={notConfigured ? 'provider-unavailable' : undefined}
        onClick={() => void social.start(method)}
      >
        {t('team.setPassword.providerButton', { provider })}
      </Button>
      {notConfigured && <Alert id="provider-unavailable">{t('team.setPassword.providerUnavailable', { provider })}</Alert>}
      {errorKey && (
        <Alert variant={errorKey === 'auth.popupBlocked' ? 'info' : 'error'}>
          {t(errorKey, { email: state.invitation.email, provider })}
        </Alert>
      )}
    </div>
  );
}

/**
 * /invitations/set-password (public): accepts the invitation. The invitation and its token come from
 * the verify screen; after a reload without them, a `token` query parameter is verified again.
 */
export function SetPasswordRoute({ useProviderSignIn }: { useProviderSignIn: ProviderSignInHook }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const passed = stateOf(location.state);
  const token = passed ? null : params.get('token')?.trim() || null;
  const verify = useVerifyInvitation(token);
  const state = passed ?? (token && verify.data?.success ? invitationStateOf(verify.data, token) : null);

  const body = () => {
    if (state) {
      return state.invitation.connectionMethod === 'email/password' ? (
        <PasswordForm state={state} />
      ) : (
        <ProviderAcceptance state={state} useProviderSignIn={useProviderSignIn} />
      );
    }
    return <VerificationStatus token={token} verify={verify} />;
  };

  return (
    <PublicCard title={t('team.setPassword.title')}>
      {body()}
      <SignInLink />
    </PublicCard>
  );
}
