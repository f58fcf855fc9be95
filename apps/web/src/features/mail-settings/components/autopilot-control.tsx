import { AUTOPILOT_PRECISION_DEFAULT, AUTOPILOT_PRECISION_MIN, type CategoryInput } from '@app/shared/categories';
import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { percentFormat } from '../utils/accuracy';

/** The typed share as a whole number; anything else fails the schema (its message then shows). */
const parse = (text: string) => {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) ? value : Number.NaN;
};

type AutopilotControlProps = {
  control: Control<CategoryInput>;
  disabled: boolean;
  /** The category's precision in the accuracy report: undefined unknown, null not measured. */
  measured: number | null | undefined;
};

/**
 * Earned autopilot (issue 36): the category's instant replies and forwards go only while its measured
 * precision is at least the share the owner chooses; below it, or before it is measured, the
 * assistant drafts and holds the forward, and the activity says why.
 */
export function AutopilotControl({ control, disabled, measured }: AutopilotControlProps) {
  const { t, i18n } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'autopilotMinPrecision' });
  const on = field.value !== null && field.value !== undefined;
  const [text, setText] = useState(String(field.value ?? AUTOPILOT_PRECISION_DEFAULT));
  const error = fieldState.error && t('categories.validation.autopilotPrecision');
  const below = on && typeof measured === 'number' && Number.isFinite(field.value) && measured * 100 < (field.value ?? 0);
  const describedBy = [
    'autopilotMinPrecision-hint',
    error && 'autopilotMinPrecision-error',
    measured !== undefined && 'autopilotMinPrecision-measured',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="grid gap-3 rounded-md border p-3">
      <div className="flex items-start justify-between gap-4">
        <Label htmlFor="autopilot-limit">{t('categories.form.autopilot.toggle')}</Label>
        <Switch
          id="autopilot-limit"
          checked={on}
          disabled={disabled}
          onCheckedChange={(checked) => field.onChange(checked ? parse(text) : null)}
        />
      </div>
      {on && (
        <div className="grid gap-2">
          <Label htmlFor="autopilotMinPrecision">{t('categories.form.autopilot.min')}</Label>
          <Input
            id="autopilotMinPrecision"
            type="number"
            inputMode="numeric"
            min={AUTOPILOT_PRECISION_MIN}
            max={100}
            step={1}
            className="w-24"
            value={text}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setText(event.target.value);
              field.onChange(parse(event.target.value));
            }}
            onBlur={field.onBlur}
          />
          {error && (
            <p id="autopilotMinPrecision-error" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <p id="autopilotMinPrecision-hint" className="text-xs text-muted-foreground">
            {t('categories.form.autopilot.hint')}
          </p>
        </div>
      )}
      {measured !== undefined && (
        <p id="autopilotMinPrecision-measured" data-testid="autopilot-measured" className="text-sm">
          {measured === null
            ? t('categories.form.autopilot.notMeasured')
            : t('categories.form.autopilot.measured', { percent: percentFormat(i18n.language).format(measured) })}
          {below && <span className="block text-xs text-muted-foreground">{t('categories.form.autopilot.below')}</span>}
        </p>
      )}
    </div>
  );
}
