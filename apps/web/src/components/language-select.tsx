import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { languages } from '@/lib/i18n';

/** En (en-US) / Fr (fr-FR); i18next caches the choice in local storage (i18nextLng). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = languages.find((l) => l.code === i18n.resolvedLanguage);
  return (
    <Select value={current?.locale ?? ''} onValueChange={(locale) => void i18n.changeLanguage(locale)}>
      <SelectTrigger aria-label={t('common.language')} className="h-8 w-20">
        <SelectValue />
      </SelectTrigger>
      <SelectContent className="w-24">
        {languages.map((language) => (
          <SelectItem key={language.code} value={language.locale}>
            {language.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
