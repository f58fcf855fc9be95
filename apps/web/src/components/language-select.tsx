import { useTranslation } from 'react-i18next';
import { fieldClasses } from '@/components/ui/input';
import { languages } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/**
 * En (en-US) / Fr (fr-FR); i18next caches the choice in local storage (i18nextLng). A native select:
 * it is on the sign-in page, whose first download should not carry a popup library for two options.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = languages.find((l) => l.code === i18n.resolvedLanguage);
  return (
    <select
      aria-label={t('common.language')}
      className={cn(fieldClasses, 'h-8 w-20 cursor-pointer')}
      value={current?.locale ?? ''}
      onChange={(event) => void i18n.changeLanguage(event.target.value)}
    >
      {languages.map((language) => (
        <option key={language.code} value={language.locale}>
          {language.label}
        </option>
      ))}
    </select>
  );
}
