import { firstPasswordProblem } from '@app/shared/password';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordChecklist } from '@/components/ui/password-checklist';

type Values = { password: string; confirmPassword: string };

/** A new password with its confirmation and the live checklist (password reset). */
export function NewPasswordForm({ onSubmit, pending }: { onSubmit: (password: string) => void; pending?: boolean }) {
  const { t } = useTranslation();
  const { register, handleSubmit, watch, setError, clearErrors, formState } = useForm<Values>({
    defaultValues: { password: '', confirmPassword: '' },
  });
  const passwordError = formState.errors.password?.message;
  const confirmError = formState.errors.confirmPassword?.message;

  const submit = handleSubmit(({ password, confirmPassword }) => {
    clearErrors();
    if (password !== confirmPassword) return setError('confirmPassword', { message: 'auth.passwordNotmatch' });
    const problem = firstPasswordProblem(password);
    if (problem) return setError('password', { message: problem });
    onSubmit(password);
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField id="password" label={t('auth.fields.newPassword')} error={passwordError && t(passwordError)}>
        <Input
          type="password"
          autoComplete="new-password"
          aria-required
          {...fieldA11y('password', passwordError)}
          {...register('password')}
        />
      </FormField>
      <PasswordChecklist password={watch('password')} />
      <FormField id="confirmPassword" label={t('auth.fields.confirmPassword')} error={confirmError && t(confirmError)}>
        <Input
          type="password"
          autoComplete="new-password"
          aria-required
          {...fieldA11y('confirmPassword', confirmError)}
          {...register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" className="w-full" pending={pending}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}
