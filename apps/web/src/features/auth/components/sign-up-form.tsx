import { signUpProblem, type SignUpInput } from '@app/shared/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordChecklist } from '@/components/ui/password-checklist';

type SignUpFormProps = { onSubmit: (values: SignUpInput) => void; pending?: boolean };

/** Spec 01 §5: the rules are checked in order and only the first failing message is shown. */
export function SignUpForm({ onSubmit, pending }: SignUpFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, watch, setError, clearErrors, formState } = useForm<SignUpInput>({
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { errors } = formState;
  const message = (field: keyof SignUpInput) => {
    const key = errors[field]?.message;
    return key ? t(key) : undefined;
  };

  const submit = handleSubmit((values) => {
    clearErrors();
    const problem = signUpProblem(values);
    if (problem) setError(problem.field, { message: problem.message }, { shouldFocus: true });
    else onSubmit(values);
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField id="email" label={t('auth.fields.email')} error={message('email')}>
        <Input type="email" autoComplete="email" aria-required {...fieldA11y('email', message('email'))} {...register('email')} />
      </FormField>
      <FormField id="password" label={t('auth.fields.password')} error={message('password')}>
        <Input
          type="password"
          autoComplete="new-password"
          aria-required
          {...fieldA11y('password', message('password'))}
          {...register('password')}
        />
      </FormField>
      <PasswordChecklist password={watch('password')} />
      <FormField id="confirmPassword" label={t('auth.fields.confirmPassword')} error={message('confirmPassword')}>
        <Input
          type="password"
          autoComplete="new-password"
          aria-required
          {...fieldA11y('confirmPassword', message('confirmPassword'))}
          {...register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" className="w-full" pending={pending}>
        {t('auth.signUp.submit')}
      </Button>
    </form>
  );
}
