import { signInSchema, type SignInInput } from '@app/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorKey } from '../api/auth-error';
import { useSignIn } from '../api/sign-in';
import { readLinkProvider, socialErrorKey } from '../api/social-sign-in';
import { AuthCard, OrDivider } from '../components/auth-card';
import { SocialButtons } from '../components/social-buttons';

type SignInState = { message?: string | null } | null;

export function SignInRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const { register, handleSubmit, formState } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const notice = (location.state as SignInState)?.message;
  const socialError = params.get('error');
  const linkProvider = readLinkProvider();
  const validationKey = formState.errors.email?.message ?? formState.errors.password?.message;
  const errorText = validationKey ? t(validationKey) : signIn.error ? t(errorKey(signIn.error)) : null;

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
        <Alert variant="error">
          {t(socialErrorKey(socialError), {
            provider: linkProvider ? t(`auth.providers.${linkProvider}`) : t('auth.providers.social'),
          })}
        </Alert>
      )}
      <form noValidate onSubmit={handleSubmit((values) => signIn.mutate(values))} className="grid gap-4">
        {errorText && <Alert variant="error">{errorText}</Alert>}
        <FormField id="email" label={t('auth.fields.email')}>
          <Input id="email" type="email" autoComplete="email" aria-required {...register('email')} />
        </FormField>
        <FormField id="password" label={t('auth.fields.password')}>
          <Input id="password" type="password" autoComplete="current-password" aria-required {...register('password')} />
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
