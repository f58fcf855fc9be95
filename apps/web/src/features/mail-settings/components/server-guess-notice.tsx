import { ExternalLink, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { ServerGuess } from '../utils/server-guess';

type ServerGuessNoticeProps = {
  /** The guess whose values the fields hold, if any. */
  filledFor: ServerGuess | null;
  /** The guess for the address typed (its host's note shows even when the user typed every field). */
  guess: ServerGuess | null;
  microsoft: boolean;
  /** The server can connect Outlook (its Microsoft client is configured). */
  outlookAvailable: boolean;
  onUseOutlook: () => void;
};

/** Under the address: whose settings were filled in, what the host needs first, or "use the Outlook card". */
export function ServerGuessNotice({ filledFor, guess, microsoft, outlookAvailable, onUseOutlook }: ServerGuessNoticeProps) {
  const { t } = useTranslation();
  if (microsoft) {
    return (
      <Alert data-testid="server-guess">
        <p>{t('mailSettings.smtp.guess.microsoft')}</p>
        {outlookAvailable ? (
          <Button type="button" size="sm" variant="outline" className="mt-2" onClick={onUseOutlook}>
            <Inbox aria-hidden />
            {t('mailSettings.smtp.guess.useOutlook')}
          </Button>
        ) : (
          <p className="mt-1 text-muted-foreground">{t('mailSettings.smtp.guess.outlookNotConfigured')}</p>
        )}
      </Alert>
    );
  }
  const preset = guess?.preset ?? null;
  if (!filledFor && !preset?.note) return null;
  const provider = preset?.name ?? '';
  return (
    <Alert data-testid="server-guess">
      {filledFor && (
        <p>
          {filledFor.preset
            ? t('mailSettings.smtp.guess.filledPreset', { provider: filledFor.preset.name })
            : t('mailSettings.smtp.guess.filledDns', { domain: filledFor.domain })}
        </p>
      )}
      {preset?.note && (
        <p className={filledFor ? 'mt-1' : undefined}>
          {preset.note === 'appPassword'
            ? t('mailSettings.smtp.guess.appPassword', { provider })
            : t('mailSettings.smtp.guess.enableImap', { provider })}{' '}
          {preset.help && (
            <a
              href={preset.help}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium underline underline-offset-2"
            >
              {preset.note === 'appPassword'
                ? t('mailSettings.smtp.guess.appPasswordLink')
                : t('mailSettings.smtp.guess.enableImapLink')}
              <ExternalLink className="size-3" aria-hidden />
            </a>
          )}
        </p>
      )}
    </Alert>
  );
}
