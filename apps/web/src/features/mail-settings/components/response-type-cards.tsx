import { RESPONSE_TYPES, type ResponseType } from '@app/shared/mail-settings';
import { Ban, FilePen, Send, Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group';

/** Spec order: disable, instant reply, save draft, based on classification. */
const cards = [
  { name: 'disable', value: RESPONSE_TYPES.disable, Icon: Ban },
  { name: 'instantReply', value: RESPONSE_TYPES.instantReply, Icon: Send },
  { name: 'saveDraft', value: RESPONSE_TYPES.saveDraft, Icon: FilePen },
  { name: 'basedOnClassification', value: RESPONSE_TYPES.basedOnClassification, Icon: Tags },
] as const;

type ResponseTypeCardsProps = {
  value: number | null | undefined;
  onChange: (value: ResponseType) => void;
  disabled?: boolean;
  /** Cards the plan does not offer: disabled, with `unavailableHint` as their description. */
  unavailable?: readonly ResponseType[];
  unavailableHint?: string;
};

/** How incoming mail is processed: four cards. */
export function ResponseTypeCards({ value, onChange, disabled, unavailable = [], unavailableHint }: ResponseTypeCardsProps) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      aria-label={t('mailSettings.connect.responseGroup')}
      value={value == null ? '' : String(value)}
      onValueChange={(next) => onChange(Number(next) as ResponseType)}
      className="grid-cols-1 sm:grid-cols-2 lg:grid-cols-4"
      disabled={disabled}
    >
      {cards.map(({ name, value: cardValue, Icon }) => {
        const offered = !unavailable.includes(cardValue);
        return (
          <RadioCard
            key={name}
            value={String(cardValue)}
            icon={Icon}
            disabled={!offered}
            title={t(`mailSettings.responseTypes.${name}.title`)}
            hint={offered || !unavailableHint ? t(`mailSettings.responseTypes.${name}.description`) : unavailableHint}
          />
        );
      })}
    </RadioGroup>
  );
}
