import { forgotPasswordSchema, type ForgotPasswordInput } from '@app/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorKeyOf } from '@/lib/error-mapper';
import { authErrors } from '../api/auth-error';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from '../components/auth-card';

export function PasswordForgotRoute() {
  const { t } = useTranslation();
  const reset = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const emailError = formState.errors.email?.message;

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      footer={
        <Link to="/signin" className="font-medium text-accent hover:underline">
          {t('auth.forgot.back')}
        </Link>
      }
    >
      <p className="text-sm text-muted-foreground">{t('auth.forgot.description')}</p>
      {reset.isSuccess && <Alert variant="success">{t('auth.passwordResetEmailSent')}</Alert>}
      {reset.error && <Alert variant="error">{t(errorKeyOf(reset.error, authErrors))}</Alert>}
      <form noValidate onSubmit={handleSubmit(({ email }) => reset.mutate(email))} className="grid gap-4">
        <FormField id="email" label={t('auth.fields.email')} error={emailError && t(emailError)}>
          <Input type="email" autoComplete="email" aria-required {...fieldA11y('email', emailError)} {...register('email')} />
        </FormField>
        <Button type="submit" className="w-full" pending={reset.isPending}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
