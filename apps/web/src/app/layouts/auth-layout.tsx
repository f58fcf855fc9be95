import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSelect } from '@/components/language-select';

/** The frame of the public screens: product name, marketing line and the language selector. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-dvh md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="flex flex-col justify-between gap-8 bg-muted p-6 md:p-10">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <Mail className="size-5 text-accent" aria-hidden />
          {t('common.appName')}
        </p>
        <div className="hidden gap-2 md:grid">
          <p className="text-2xl font-semibold tracking-tight">{t('common.tagline')}</p>
          <p className="text-muted-foreground">{t('common.trustedBy')}</p>
        </div>
      </aside>
      <div className="flex flex-col">
        <div className="flex justify-end p-4">
          <LanguageSelect />
        </div>
        <main className="flex flex-1 items-start justify-center px-4 pb-10 md:items-center">
          <div className="w-full max-w-sm">
            <Outlet />
            <p className="mt-8 text-center text-xs text-muted-foreground md:hidden">{t('common.trustedBy')}</p>
          </div>
        </main>
      </div>
    </div>
  );
}
