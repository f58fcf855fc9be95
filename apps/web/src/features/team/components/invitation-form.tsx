import { CONNECTION_METHODS, invitationInputSchema, type ConnectionMethod } from '@app/shared/invitations';
import { zodResolver } from '@hookform/resolvers/zod';
import { Bot, MessageSquareText } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioCard, RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import type { ApiIssue } from '@/lib/api-client';
import { methodKeys } from '../utils/labels';
import { translateKey } from '../utils/messages';

const { email, firstName, lastName, connectionMethod } = invitationInputSchema.shape;

/**
 * The add-user form (spec 02 §5): the shared invitation schema, with an empty e-mail reported as a
 * missing field before the address check ('Please enter a valid email address.').
 */
export const addUserSchema = z.object({
  email: z.string().trim().min(1, 'team.form.required').pipe(email),
  firstName,
  lastName,
  connectionMethod,
  metadata: z.object({ hasAiConfig: z.boolean() }),
});
/** The edit form: the e-mail is shown, never sent. */
export const editUserSchema = addUserSchema.extend({ email: z.string() });

export type InvitationFormInput = z.input<typeof addUserSchema>;
export type InvitationFormValues = z.output<typeof addUserSchema>;

type InvitationFormProps = {
  mode: 'add' | 'edit';
  defaultValues?: Partial<Omit<InvitationFormInput, 'connectionMethod'>> & { connectionMethod?: ConnectionMethod };
  onSubmit: (values: InvitationFormValues) => void;
  onCancel: () => void;
  pending: boolean;
  serverError: string | null;
  /** The server's validation issues, shown under their fields. */
  serverIssues?: ApiIssue[] | undefined;
};

export function InvitationForm(props: InvitationFormProps) {
  const { mode, defaultValues, onSubmit, onCancel, pending, serverError, serverIssues } = props;
  const { t } = useTranslation();
  const { register, control, handleSubmit, setError, formState } = useForm<InvitationFormInput, unknown, InvitationFormValues>({
    resolver: zodResolver(mode === 'add' ? addUserSchema : editUserSchema),
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      // No method is chosen for the owner: the field is required.
      connectionMethod: '' as ConnectionMethod,
      metadata: { hasAiConfig: true },
      ...defaultValues,
    },
  });
  const { errors } = formState;

  useEffect(() => {
    for (const issue of serverIssues ?? []) {
      if (issue.path.length) setError(issue.path.join('.') as Path<InvitationFormInput>, { message: issue.message });
    }
  }, [serverIssues, setError]);
  const message = (key: string | undefined) => (key ? translateKey(key) : undefined);
  const emailError = message(errors.email?.message);
  const firstNameError = message(errors.firstName?.message);
  const lastNameError = message(errors.lastName?.message);
  const methodError = message(errors.connectionMethod?.message);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-6">
      {serverError && <Alert variant="error">{serverError}</Alert>}

      <FormField id="email" label={t('team.form.email')} error={emailError}>
        <Input
          type="email"
          autoComplete="off"
          aria-required
          readOnly={mode === 'edit'}
          aria-readonly={mode === 'edit' || undefined}
          className={mode === 'edit' ? 'bg-muted text-muted-foreground' : undefined}
          {...fieldA11y('email', emailError)}
          {...(mode === 'edit' ? { 'aria-describedby': 'email-hint' } : {})}
          {...register('email')}
        />
        {mode === 'edit' && (
          <p id="email-hint" className="text-xs text-muted-foreground">
            {t('team.form.emailReadOnly')}
          </p>
        )}
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="firstName" label={t('team.form.firstName')} error={firstNameError}>
          <Input autoComplete="off" {...fieldA11y('firstName', firstNameError)} {...register('firstName')} />
        </FormField>
        <FormField id="lastName" label={t('team.form.lastName')} error={lastNameError}>
          <Input autoComplete="off" {...fieldA11y('lastName', lastNameError)} {...register('lastName')} />
        </FormField>
      </div>

      <div className="grid gap-2">
        <span id="method-label" className="text-sm font-medium">
          {t('team.form.connectionMethod')}
        </span>
        <Controller
          control={control}
          name="connectionMethod"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby="method-label"
              aria-required
              aria-invalid={methodError ? true : undefined}
              aria-describedby={methodError ? 'connectionMethod-error' : undefined}
              value={field.value}
              onValueChange={field.onChange}
              className="flex flex-wrap gap-x-6 gap-y-2"
              disabled={pending}
            >
              {CONNECTION_METHODS.map((method) => (
                <div key={method} className="flex items-center gap-2">
                  <RadioGroupItem value={method} id={`method-${method}`} />
                  <Label htmlFor={`method-${method}`} className="font-normal">
                    {t(methodKeys[method])}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
        {methodError && (
          <p id="connectionMethod-error" className="text-sm text-destructive">
            {methodError}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <span id="access-label" className="text-sm font-medium">
          {t('team.form.access')}
        </span>
        <Controller
          control={control}
          name="metadata.hasAiConfig"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby="access-label"
              value={String(field.value)}
              onValueChange={(value) => field.onChange(value === 'true')}
              className="sm:grid-cols-2"
              disabled={pending}
            >
              <RadioCard value="true" icon={Bot} title={t('team.access.full')} hint={t('team.access.fullHint')} />
              <RadioCard
                value="false"
                icon={MessageSquareText}
                title={t('team.access.assistant')}
                hint={t('team.access.assistantHint')}
              />
            </RadioGroup>
          )}
        />
      </div>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {t('team.cancel')}
        </Button>
        <Button type="submit" pending={pending}>
          {t(mode === 'add' ? 'team.form.send' : 'team.form.save')}
        </Button>
      </div>
    </form>
  );
}
