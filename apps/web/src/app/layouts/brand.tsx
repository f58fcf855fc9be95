import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product's name, a link to the knowledge list; `compact` keeps it for screen readers only. */
export function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/home" className="flex h-14 items-center gap-2 px-4 font-semibold">
      <Mail className="size-5 shrink-0 text-accent" aria-hidden />
      <span className={compact ? 'sr-only' : undefined}>{t('common.appName')}</span>
    </Link>
  );
}
