import { signInProblem, type SignInInput } from '@app/shared/sign-in';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { preloadAuthClient } from '@/lib/auth-client';
import { errorKeyOf } from '@/lib/error-mapper';
import { authErrors } from '../api/auth-error';
import { useSignIn } from '../api/sign-in';
import { providerName, readLinkProvider, socialErrorKey } from '../api/social-sign-in';
import { AuthCard, OrDivider } from '../components/auth-card';
import { SocialButtons } from '../components/social-buttons';

type SignInState = { message?: string | null } | null;

function formValues(form: HTMLFormElement): SignInInput {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { email: text('email').trim(), password: text('password') };
}

export function SignInRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  // Two fields and one message: the form reads its values on submit, and once a submit has shown a
  // problem it is checked again as the user types (as the other forms do).
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const found = signInProblem(values);
    setProblem(found);
    if (!found) signIn.mutate(values);
  };

  const notice = (location.state as SignInState)?.message;
  const socialError = params.get('error');
  const linkProvider = readLinkProvider();
  const errorText = problem ? t(problem) : signIn.error ? t(errorKeyOf(signIn.error, authErrors)) : null;

  return (
    <AuthCard
      title={t('auth.signIn.title')}
      footer={
        <>
          {t('auth.signIn.noAccount')}{' '}
          <Link to={`/signup${location.search}`} className="font-medium text-accent hover:underline">
            {t('auth.signIn.signUpLink')}
          </Link>
        </>
      }
    >
      {notice && <Alert variant="success">{t(notice)}</Alert>}
      {socialError && !signIn.isSuccess && (
        <Alert variant="error">{t(socialErrorKey(socialError), { provider: providerName(t, linkProvider) })}</Alert>
      )}
      <form
        noValidate
        onSubmit={submit}
        onInput={(event) => problem && setProblem(signInProblem(formValues(event.currentTarget)))}
        onFocus={preloadAuthClient}
        className="grid gap-4"
      >
        {errorText && <Alert variant="error">{errorText}</Alert>}
        <FormField id="email" label={t('auth.fields.email')}>
          <Input id="email" name="email" type="email" autoComplete="email" aria-required />
        </FormField>
        <FormField id="password" label={t('auth.fields.password')}>
          <Input id="password" name="password" type="password" autoComplete="current-password" aria-required />
        </FormField>
        <Link to="/password-forgot" className="justify-self-end text-sm text-accent hover:underline">
          {t('auth.signIn.forgot')}
        </Link>
        <Button type="submit" className="w-full" pending={signIn.isPending}>
          {t('auth.signIn.submit')}
        </Button>
      </form>
      <OrDivider label={t('auth.or')} />
      <SocialButtons mode="signIn" />
    </AuthCard>
  );
}
