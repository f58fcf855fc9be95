import { MAIL_PROVIDERS, type DefaultConfigs, type MailProviderName } from '@app/shared/mail-settings';
import { Inbox, Mail, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group';

const icons = { gmail: Mail, outlook: Inbox, smtp: Server };

type ProviderCardsProps = {
  value: MailProviderName | undefined;
  onChange: (provider: MailProviderName) => void;
  /** Which providers the server can connect; gmail/outlook need OAuth credentials there. */
  providers: DefaultConfigs['providers'] | undefined;
  disabled?: boolean;
};

/** The three provider cards; one the server cannot connect is disabled and says so. */
export function ProviderCards({ value, onChange, providers, disabled }: ProviderCardsProps) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      aria-label={t('mailSettings.connect.providerGroup')}
      value={value ?? ''}
      onValueChange={(next) => onChange(next as MailProviderName)}
      className="grid-cols-1 sm:grid-cols-3"
      disabled={disabled}
    >
      {MAIL_PROVIDERS.map((provider) => {
        const Icon = icons[provider];
        const available = providers ? providers[provider] : provider === 'smtp';
        return (
          <RadioCard
            key={provider}
            value={provider}
            disabled={!available}
            aria-label={t(`mailSettings.providers.${provider}`)}
            aria-describedby={`provider-${provider}-hint`}
            data-testid={`provider-${provider}`}
          >
            <span className="flex w-full items-center justify-between gap-2">
              <span className="flex items-center gap-2 font-medium">
                <Icon className="size-5 text-accent" aria-hidden />
                {t(`mailSettings.providers.${provider}`)}
              </span>
              {!available && <Badge>{t('mailSettings.connect.notConfigured')}</Badge>}
            </span>
            <span id={`provider-${provider}-hint`} className="text-muted-foreground">
              {available ? t(`mailSettings.connect.providerHints.${provider}`) : t('mailSettings.connect.notConfiguredHint')}
            </span>
          </RadioCard>
        );
      })}
    </RadioGroup>
  );
}
