import { ExternalLink, Puzzle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuthConfig } from '@/lib/auth-config';
import { useAuth } from '@/lib/session';

type Addin = 'gmail' | 'outlook';

/** `?addin=outlook` (the side menu's Outlook link while no download is configured), else Gmail. */
export const addinOf = (params: URLSearchParams): Addin => (params.get('addin') === 'outlook' ? 'outlook' : 'gmail');

/** The next step: connect the add-in's mailbox through the add-in flow, or see the connected one. */
function ConnectAction({ addin }: { addin: Addin }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (user?.settings?.provider) {
    return (
      <div className="grid justify-items-center gap-2">
        <p className="text-sm text-muted-foreground">{t('plugins.connected')}</p>
        <Button asChild variant="outline">
          <Link to="/email-settings">{t('plugins.openSettings')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <Button asChild>
      <Link to={`/email-settings/add?addon=${addin}`}>{t(`plugins.${addin}.connect`)}</Link>
    </Button>
  );
}

/**
 * Spec 02 §2 coming-soon page: announces the Gmail drafting extension (the spec's text is French;
 * it follows the interface language like every screen) with a button to connect a Gmail account.
 */
export function PluginsRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const addin = addinOf(params);
  const download = useAuthConfig().data?.addins[addin] ?? null;

  return (
    <section className="mx-auto grid w-full max-w-2xl gap-6">
      <div className="flex flex-col items-center gap-4 rounded-lg border p-6 text-center sm:p-10">
        <Puzzle className="size-10 text-accent" aria-hidden />
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('plugins.comingSoon')}</p>
        <h1 className="text-2xl font-semibold">{t(`plugins.${addin}.title`)}</h1>
        <p className="max-w-prose text-muted-foreground">{t(`plugins.${addin}.body`)}</p>
        <ul className="grid max-w-prose gap-1 text-left text-sm text-muted-foreground">
          {(['drafts', 'knowledge', 'control'] as const).map((point) => (
            <li key={point}>• {t(`plugins.${addin}.points.${point}`)}</li>
          ))}
        </ul>
        <ConnectAction addin={addin} />
        {download && (
          <a
            href={download}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm underline"
          >
            {t(`plugins.${addin}.download`)}
            <ExternalLink className="size-3.5" aria-hidden />
          </a>
        )}
      </div>
    </section>
  );
}
