import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A route whose screen a later release builds: its title and a clear notice. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="grid gap-4">
      <h1 className="text-xl font-semibold">{t(titleKey)}</h1>
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
        <Construction className="size-8" aria-hidden />
        <p>{t('placeholders.comingSoon')}</p>
      </div>
    </section>
  );
}
