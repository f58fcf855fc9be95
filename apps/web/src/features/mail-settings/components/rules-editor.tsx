import { PARTY_RULE_FIELDS, RULE_MATCH_MODES, TEXT_RULE_FIELDS, type CategoryInput } from '@app/shared/categories';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { RuleValues, type RulePart } from './rule-values';

type RulesEditorProps = {
  control: Control<CategoryInput>;
  errors: FieldErrors<CategoryInput>['rules'];
  disabled?: boolean;
};

/**
 * The conditional filter (DESIGN §4): whether every condition or any one must hold, then subject and
 * body with an operator and values; from, to, cc and bcc each with a name part and an e-mail part.
 */
export function RulesEditor({ control, errors, disabled }: RulesEditorProps) {
  const { t } = useTranslation();
  const errorTree = (errors ?? {}) as Record<string, Record<string, unknown> | undefined>;

  return (
    <div className="grid gap-3">
      <Controller
        control={control}
        name="rules.match"
        render={({ field: { value, onChange } }) => (
          <div className="grid gap-1">
            <span id="rules-match-label" className="text-sm">
              {t('categories.rules.match.label')}
            </span>
            <RadioGroup
              aria-labelledby="rules-match-label"
              value={value ?? 'all'}
              onValueChange={onChange}
              className="flex flex-wrap gap-4"
              disabled={disabled}
            >
              {RULE_MATCH_MODES.map((mode) => (
                <div key={mode} className="flex items-center gap-2">
                  <RadioGroupItem id={`rules-match-${mode}`} value={mode} />
                  <Label htmlFor={`rules-match-${mode}`} className="font-normal">
                    {t(`categories.rules.match.${mode}`)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </div>
        )}
      />
      <div className="grid gap-3 md:grid-cols-2">
        {TEXT_RULE_FIELDS.map((field) => (
          <Controller
            key={field}
            control={control}
            name={`rules.${field}`}
            render={({ field: { value, onChange } }) => (
              <RuleValues
                id={`rules-${field}`}
                label={t(`categories.rules.fields.${field}`)}
                value={value as RulePart}
                onChange={onChange}
                error={errorTree[field]}
                disabled={disabled}
              />
            )}
          />
        ))}
      </div>
      {PARTY_RULE_FIELDS.map((field) => (
        <div key={field} className="grid gap-3 md:grid-cols-2">
          {(['name', 'email'] as const).map((part) => (
            <Controller
              key={part}
              control={control}
              name={`rules.${field}.${part}`}
              render={({ field: { value, onChange } }) => (
                <RuleValues
                  id={`rules-${field}-${part}`}
                  label={t(`categories.rules.fields.${field}.${part}`)}
                  value={value as RulePart}
                  onChange={onChange}
                  error={errorTree[field]?.[part]}
                  type={part === 'email' ? 'email' : 'text'}
                  disabled={disabled}
                />
              )}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
