import { RULE_OPERATORS, RULE_VALUES_MAX, type RuleOperator } from '@app/shared/categories';
import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { listErrors } from './form-errors';

export type RulePart = { operator: RuleOperator; values: string[] };

type RuleValuesProps = {
  id: string;
  /** "Sender name", "Subject", … */
  label: string;
  value: RulePart;
  onChange: (next: RulePart) => void;
  error: unknown;
  type?: 'text' | 'email';
  disabled?: boolean;
};

/**
 * One condition of a rules category: "<field> <operator>…" and its values (any one matches). More
 * than ten values can be typed; validation then says so.
 */
export function RuleValues({ id, label, value, onChange, error, type = 'text', disabled }: RuleValuesProps) {
  const { t } = useTranslation();
  const operatorLabel = t(`categories.rules.operators.${value.operator}`);
  const errors = listErrors((error as { values?: unknown } | undefined)?.values, value.values);
  const setValue = (index: number, text: string) =>
    onChange({ ...value, values: value.values.map((v, i) => (i === index ? text : v)) });
  const remove = (index: number) => onChange({ ...value, values: value.values.filter((_, i) => i !== index) });
  const add = () => {
    onChange({ ...value, values: [...value.values, ''] });
    // Focus the new value once it is rendered.
    requestAnimationFrame(() => document.getElementById(`${id}-value-${value.values.length}`)?.focus());
  };

  return (
    <fieldset className="grid gap-2 rounded-md border p-3" disabled={disabled} data-testid={`rule-${id}`}>
      <legend className="px-1 text-sm font-medium">
        {t('categories.rules.heading', { field: label, operator: operatorLabel })}
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        <Select value={value.operator} onValueChange={(operator) => onChange({ ...value, operator: operator as RuleOperator })}>
          <SelectTrigger className="w-44" aria-label={t('categories.rules.operatorFor', { field: label })}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {RULE_OPERATORS.map((operator) => (
              <SelectItem key={operator} value={operator}>
                {t(`categories.rules.operators.${operator}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button type="button" variant="ghost" size="sm" onClick={add}>
          <Plus aria-hidden />
          {t('categories.rules.addValue')}
        </Button>
      </div>
      {value.values.length > 0 && (
        <ul className="grid gap-2">
          {value.values.map((text, index) => {
            const itemError = errors.items[index];
            const valueId = `${id}-value-${index}`;
            return (
              <li key={index} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <Input
                    id={valueId}
                    type={type === 'email' ? 'text' : 'text'}
                    inputMode={type === 'email' ? 'email' : undefined}
                    value={text}
                    onChange={(event) => setValue(index, event.target.value)}
                    aria-label={t('categories.rules.valueLabel', { field: label, operator: operatorLabel, n: index + 1 })}
                    aria-invalid={itemError ? true : undefined}
                    aria-describedby={itemError ? `${valueId}-error` : undefined}
                    className={cn('flex-1')}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('categories.rules.removeValue', { n: index + 1 })}
                    onClick={() => remove(index)}
                  >
                    <X />
                  </Button>
                </div>
                {itemError && (
                  <p id={`${valueId}-error`} className="text-sm text-destructive">
                    {t(itemError)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {errors.root && <p className="text-sm text-destructive">{t(errors.root, { max: RULE_VALUES_MAX })}</p>}
    </fieldset>
  );
}
