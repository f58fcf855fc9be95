import { normalizeWebsite, profileInputSchema, type EnterpriseCategories, type ProfileInput } from '@app/shared/profile';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldA11y, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { BusinessSectorSelect } from './business-sector-select';

type ProfileFormProps = {
  defaultValues: ProfileInput;
  categories: EnterpriseCategories;
  onSubmit: (values: z.output<typeof profileInputSchema>) => void;
  onCancel: () => void;
  pending: boolean;
  serverError: string | null;
};

/** Business sector, role, phone and website (spec 01 §5); the website is normalised on blur. */
export function ProfileForm({ defaultValues, categories, onSubmit, onCancel, pending, serverError }: ProfileFormProps) {
  const { t } = useTranslation();
  const { register, control, handleSubmit, setValue, formState } = useForm({
    resolver: zodResolver(profileInputSchema),
    defaultValues,
  });
  const { errors } = formState;
  const message = (field: 'businessSector' | 'role' | 'phoneNumber' | 'website') => {
    const key = errors[field]?.message;
    return key ? t(key, { field: t(`profile.fields.${field === 'role' ? 'role' : 'businessSector'}`) }) : undefined;
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      {serverError && <Alert variant="error">{serverError}</Alert>}
      <FormField id="businessSector" label={t('profile.labels.businessSector')} error={message('businessSector')}>
        <Controller
          control={control}
          name="businessSector"
          render={({ field }) => (
            <BusinessSectorSelect
              id="businessSector"
              value={field.value}
              onChange={field.onChange}
              categories={categories}
              invalid={!!errors.businessSector}
              describedBy={errors.businessSector ? 'businessSector-error' : undefined}
            />
          )}
        />
      </FormField>
      <FormField id="role" label={t('profile.labels.role')} error={message('role')}>
        <Input aria-required {...fieldA11y('role', message('role'))} {...register('role')} />
      </FormField>
      <FormField id="phoneNumber" label={t('profile.labels.phone')} error={message('phoneNumber')}>
        <Input type="tel" autoComplete="tel" {...fieldA11y('phoneNumber', message('phoneNumber'))} {...register('phoneNumber')} />
      </FormField>
      <FormField id="website" label={t('profile.labels.website')} error={message('website')}>
        <Input
          type="url"
          autoComplete="url"
          placeholder="https://www.example.com"
          {...fieldA11y('website', message('website'))}
          {...register('website', {
            onBlur: (event: { target: HTMLInputElement }) =>
              setValue('website', normalizeWebsite(event.target.value), { shouldValidate: formState.isSubmitted }),
          })}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {t('profile.cancel')}
        </Button>
        <Button type="submit" pending={pending}>
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
