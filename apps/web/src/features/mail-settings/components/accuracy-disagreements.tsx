import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disagreementLink, DISAGREEMENTS_SHOWN, type AccuracyDisagreement } from '../utils/accuracy';
import { AccuracyMessage, ShowAllToggle } from './accuracy-message';

type AccuracyDisagreementsProps = {
  disagreements: AccuracyDisagreement[];
  nameOf: (id: string, fallback: string) => string;
};

/** The messages where the assistant would not have done what the owner did, newest first. */
export function AccuracyDisagreements({ disagreements, nameOf }: AccuracyDisagreementsProps) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const shown = all ? disagreements : disagreements.slice(0, DISAGREEMENTS_SHOWN);
  return (
    <div className="grid gap-2">
      <div className="grid gap-0.5">
        <h3 id="accuracy-disagreements-title" className="text-sm font-medium">
          {t('mailSettings.accuracy.disagreementsTitle')}
        </h3>
        <p className="text-xs text-muted-foreground">
          {disagreements.length === 0 ? t('mailSettings.accuracy.noDisagreement') : t('mailSettings.accuracy.disagreementsHint')}
        </p>
      </div>
      {disagreements.length > 0 && (
        <ul id="accuracy-disagreements" aria-labelledby="accuracy-disagreements-title" className="grid gap-2">
          {shown.map((item, index) => (
            <Disagreement
              key={`${item.folder}\n${item.uid}\n${index}`}
              item={item}
              nameOf={nameOf}
              formatTime={(iso) => time.format(new Date(iso))}
            />
          ))}
        </ul>
      )}
      {disagreements.length > DISAGREEMENTS_SHOWN && (
        <ShowAllToggle
          all={all}
          count={disagreements.length}
          controls="accuracy-disagreements"
          onToggle={() => setAll((shownAll) => !shownAll)}
        />
      )}
    </div>
  );
}

type DisagreementProps = {
  item: AccuracyDisagreement;
  nameOf: (id: string, fallback: string) => string;
  formatTime: (iso: string) => string;
};

function Disagreement({ item, nameOf, formatTime }: DisagreementProps) {
  const { t } = useTranslation();
  return (
    <AccuracyMessage message={item} to={disagreementLink(item)} formatTime={formatTime}>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span>{t('mailSettings.accuracy.you', { name: nameOf(item.owner.id, item.owner.name) })}</span>
        <span>
          {item.assistant
            ? t('mailSettings.accuracy.assistant', { name: nameOf(item.assistant.id, item.assistant.name) })
            : t('mailSettings.accuracy.assistantNone')}
        </span>
      </p>
    </AccuracyMessage>
  );
}
