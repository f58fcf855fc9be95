import { feedbackInputSchema, type FeedbackInput } from '@app/shared/feedback';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { FeedbackValues } from '../api/send-feedback';

type Field = keyof FeedbackInput;
const REQUIRED = 'feedback.validation.required';

type FeedbackFormProps = {
  defaultValues: FeedbackInput;
  /** Resolves true once sent, so the message can be cleared. */
  onSubmit: (values: FeedbackValues) => Promise<boolean>;
  pending: boolean;
};

/** Empty fields share one message at the top (spec 02 §5); the others show under their field. */
function fieldMessage(errors: FieldErrors<FeedbackInput>, field: Field) {
  const key = errors[field]?.message;
  return key && key !== REQUIRED ? key : undefined;
}

/** Spec 02 §2 feedback form: name, email and message, all required. */
export function FeedbackForm({ defaultValues, onSubmit, pending }: FeedbackFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, resetField } = useForm<FeedbackInput, unknown, FeedbackValues>({
    resolver: zodResolver(feedbackInputSchema),
    defaultValues,
  });
  const { errors } = formState;
  const missing = (Object.keys(errors) as Field[]).some((f) => errors[f]?.message === REQUIRED);
  const a11y = (field: Field) => {
    const message = fieldMessage(errors, field);
    return { ...fieldA11y(field, message), 'aria-invalid': errors[field] ? true : undefined };
  };
  const message = (field: Field) => {
    const key = fieldMessage(errors, field);
    return key ? t(key) : undefined;
  };
  const submit = handleSubmit(async (values) => {
    if (await onSubmit(values)) resetField('message', { defaultValue: '' });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      {missing && <Alert variant="error">{t(REQUIRED)}</Alert>}
      <FormField id="name" label={t('feedback.labels.name')} error={message('name')}>
        <Input autoComplete="name" aria-required {...a11y('name')} {...register('name')} />
      </FormField>
      <FormField id="email" label={t('feedback.labels.email')} error={message('email')}>
        <Input type="email" autoComplete="email" aria-required {...a11y('email')} {...register('email')} />
      </FormField>
      <FormField id="message" label={t('feedback.labels.message')} error={message('message')}>
        <Textarea rows={6} aria-required {...a11y('message')} {...register('message')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          {t('feedback.send')}
        </Button>
      </div>
    </form>
  );
}
