import { knowledgeInputSchema, type KnowledgeInput } from '@app/shared/knowledge';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';

type KnowledgeFormProps = {
  defaultValues: KnowledgeInput;
  onSubmit: (values: z.output<typeof knowledgeInputSchema>) => void;
  onCancel: () => void;
  pending: boolean;
  serverError: string | null;
};

/** Title (required), content and visibility; the values stay in place when the server refuses them. */
export function KnowledgeForm({ defaultValues, onSubmit, onCancel, pending, serverError }: KnowledgeFormProps) {
  const { t } = useTranslation();
  const { register, control, handleSubmit, formState } = useForm({
    resolver: zodResolver(knowledgeInputSchema),
    defaultValues,
  });
  const titleError = formState.errors.title?.message;
  const textError = formState.errors.text?.message;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      {serverError && <Alert variant="error">{serverError}</Alert>}
      <FormField id="title" label={t('knowledge.form.title')} error={titleError && t(titleError)}>
        <Input aria-required {...fieldA11y('title', titleError)} {...register('title')} />
      </FormField>
      <FormField id="text" label={t('knowledge.form.content')} error={textError && t(textError)}>
        <Textarea rows={15} {...fieldA11y('text', textError)} {...register('text')} />
      </FormField>
      <Controller
        control={control}
        name="visibility"
        render={({ field }) => (
          <div className="flex items-start gap-3 rounded-lg border p-4">
            <Switch
              id="visibility"
              aria-describedby="visibility-help"
              checked={field.value === 'internal'}
              onCheckedChange={(internal) => field.onChange(internal ? 'internal' : 'quotable')}
              onBlur={field.onBlur}
              ref={field.ref}
              className="mt-0.5"
            />
            <div className="grid gap-0.5">
              <Label htmlFor="visibility">{t('knowledge.form.internal')}</Label>
              <p id="visibility-help" className="text-sm text-muted-foreground">
                {t('knowledge.form.internalHelp')}
              </p>
            </div>
          </div>
        )}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {t('knowledge.form.cancel')}
        </Button>
        <Button type="submit" pending={pending}>
          {t('knowledge.form.save')}
        </Button>
      </div>
    </form>
  );
}
