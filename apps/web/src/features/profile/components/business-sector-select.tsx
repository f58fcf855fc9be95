import type { EnterpriseCategories } from '@app/shared/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '@/components/ui/select';

export const OTHER = 'other';

type BusinessSectorSelectProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  categories: EnterpriseCategories;
  invalid: boolean;
  describedBy: string | undefined;
};

/** The grouped sectors plus 'other', which asks for the sector in words. */
export function BusinessSectorSelect({ id, value, onChange, categories, invalid, describedBy }: BusinessSectorSelectProps) {
  const { t } = useTranslation();
  const known = categories.some((group) => group.options.some((option) => option.value === value));
  const [other, setOther] = useState(!!value && !known);

  return (
    <>
      <Select
        value={other ? OTHER : value}
        onValueChange={(next) => {
          setOther(next === OTHER);
          onChange(next === OTHER ? '' : next);
        }}
      >
        <SelectTrigger
          id={id}
          aria-invalid={invalid && !other ? true : undefined}
          aria-describedby={other ? undefined : describedBy}
        >
          <SelectValue placeholder={t('profile.selectSector')} />
        </SelectTrigger>
        <SelectContent>
          {categories.map((group) => (
            <SelectGroup key={group.group}>
              <SelectLabel>{group.group}</SelectLabel>
              {group.options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectGroup>
          ))}
          <SelectItem value={OTHER}>{t('profile.other')}</SelectItem>
        </SelectContent>
      </Select>
      {other && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-other`}>{t('profile.labels.otherSector')}</Label>
          <Input
            id={`${id}-other`}
            value={value}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      )}
    </>
  );
}
