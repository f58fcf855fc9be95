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
        const available = providers ? providers[provider] : provider === 'smtp';
        return (
          <RadioCard
            key={provider}
            value={provider}
            disabled={!available}
            icon={icons[provider]}
            title={t(`mailSettings.providers.${provider}`)}
            hint={available ? t(`mailSettings.connect.providerHints.${provider}`) : t('mailSettings.connect.notConfiguredHint')}
            badge={!available && <Badge>{t('mailSettings.connect.notConfigured')}</Badge>}
            data-testid={`provider-${provider}`}
          />
        );
      })}
    </RadioGroup>
  );
}
