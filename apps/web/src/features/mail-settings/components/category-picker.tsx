import type { CategoryInput } from '@app/shared/categories';
import type { MailboxNode, MailProviderName } from '@app/shared/mail-settings';
import { Controller, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { MailboxSelect } from './mailbox-select';

export type PickerMode = 'new' | 'existing' | 'sub';
export const PICKER_MODES: PickerMode[] = ['new', 'existing', 'sub'];

/** The mode an existing category was made in: a parent means a subcategory, a folder alone "existing". */
export function initialPickerMode(
  values: Pick<CategoryInput, 'name' | 'existCategoryName' | 'classificationParentMailbox'>,
): PickerMode {
  if (values.classificationParentMailbox) return 'sub';
  if (values.existCategoryName && !values.name) return 'existing';
  return 'new';
}

/** Folders a category can file into (or nest under): not the Drafts, Sent, Trash or Junk ones. */
const RESERVED = new Set(['\\drafts', '\\sent', '\\trash', '\\junk', '\\spam', '\\all', '\\flagged', '\\important', '\\starred']);
const usable = (node: MailboxNode) => !RESERVED.has((node.specialUse ?? '').toLowerCase());
const usableExisting = (node: MailboxNode) => usable(node) && (node.specialUse ?? '').toLowerCase() !== '\\inbox';

type CategoryPickerProps = {
  mode: PickerMode;
  onModeChange: (mode: PickerMode) => void;
  control: Control<CategoryInput>;
  register: UseFormRegister<CategoryInput>;
  setValue: UseFormSetValue<CategoryInput>;
  errors: FieldErrors<CategoryInput>;
  mailboxes: MailboxNode[];
  provider: MailProviderName;
  disabled?: boolean;
};

/**
 * Where the category files its mail (spec 02 §2): a new folder (a `/` nests it), an existing folder
 * as it is, or a new folder under an existing parent. Gmail says "label" where others say "folder".
 */
export function CategoryPicker({
  mode,
  onModeChange,
  control,
  register,
  setValue,
  errors,
  mailboxes,
  provider,
  disabled,
}: CategoryPickerProps) {
  const { t } = useTranslation();
  const context = provider === 'gmail' ? 'label' : 'folder';
  const nameError = errors.name?.message;
  const existError = errors.existCategoryName?.message;
  const parentError = errors.classificationParentMailbox?.message;
  // "Parent name or category must be entered" sits on `name`; in this mode it belongs to the folder.
  const existMessage = existError ?? nameError;

  const changeMode = (next: PickerMode) => {
    // Only the fields of the chosen mode are kept.
    if (next !== 'existing') setValue('existCategoryName', null);
    if (next !== 'sub') setValue('classificationParentMailbox', null);
    if (next === 'existing') setValue('name', '');
    onModeChange(next);
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <span id="picker-mode-label" className="text-sm font-medium">
          {t('categories.picker.title', { context })}
        </span>
        <RadioGroup
          aria-labelledby="picker-mode-label"
          value={mode}
          onValueChange={(value) => changeMode(value as PickerMode)}
          className="sm:grid-flow-col"
          disabled={disabled}
        >
          {PICKER_MODES.map((value) => (
            <div key={value} className="flex items-center gap-2">
              <RadioGroupItem id={`picker-${value}`} value={value} />
              <Label htmlFor={`picker-${value}`} className="font-normal">
                {t(`categories.picker.modes.${value}`, { context })}
              </Label>
            </div>
          ))}
        </RadioGroup>
      </div>

      {mode === 'existing' && (
        <FormField
          id="existCategoryName"
          label={t('categories.picker.existing', { context })}
          error={existMessage && t(existMessage)}
        >
          <Controller
            control={control}
            name="existCategoryName"
            render={({ field }) => (
              <MailboxSelect
                id="existCategoryName"
                mailboxes={mailboxes}
                value={field.value}
                onChange={field.onChange}
                filter={usableExisting}
                disabled={disabled}
                placeholder={t('categories.picker.choose', { context })}
                invalid={!!existMessage}
                describedBy={existMessage ? 'existCategoryName-error' : undefined}
              />
            )}
          />
        </FormField>
      )}

      {mode === 'sub' && (
        <FormField
          id="classificationParentMailbox"
          label={t('categories.picker.parent', { context })}
          error={parentError && t(parentError)}
        >
          <Controller
            control={control}
            name="classificationParentMailbox"
            render={({ field }) => (
              <MailboxSelect
                id="classificationParentMailbox"
                mailboxes={mailboxes}
                value={field.value}
                onChange={field.onChange}
                filter={usable}
                disabled={disabled}
                placeholder={t('categories.picker.choose', { context })}
                invalid={!!parentError}
                describedBy={parentError ? 'classificationParentMailbox-error' : undefined}
              />
            )}
          />
        </FormField>
      )}

      {mode !== 'existing' && (
        <FormField
          id="name"
          label={t(mode === 'sub' ? 'categories.form.subName' : 'categories.form.name', { context })}
          error={nameError && t(nameError)}
        >
          <Input
            aria-required
            maxLength={1000}
            disabled={disabled}
            aria-describedby={nameError ? 'name-error' : 'name-hint'}
            aria-invalid={nameError ? true : undefined}
            id="name"
            {...register('name')}
          />
        </FormField>
      )}
      {mode !== 'existing' && (
        <p id="name-hint" className="-mt-2 text-xs text-muted-foreground">
          {t('categories.form.nameHint', { context })}
        </p>
      )}
    </div>
  );
}
