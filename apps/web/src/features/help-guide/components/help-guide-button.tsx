import { GETTING_STARTED_STEPS, type GettingStarted, nextGettingStartedStep } from '@app/shared/getting-started';
import { Compass, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type HelpGuideButtonProps = { done: GettingStarted; onOpen: () => void; onHide: () => void };

/**
 * Spec 02 §2's help guide button, in the header's flow rather than floating over the page, so that it
 * never covers a control: the next thing to set up (a mailbox, categories, knowledge, a first draft,
 * as the server sees them) and how far along the user is.
 */
export function HelpGuideButton({ done, onOpen, onHide }: HelpGuideButtonProps) {
  const { t } = useTranslation();
  const next = nextGettingStartedStep(done);
  const count = GETTING_STARTED_STEPS.filter((step) => done[step]).length;
  const percent = Math.round((count / GETTING_STARTED_STEPS.length) * 100);
  const status =
    next === null ? t('helpGuide.button.completed') : t('helpGuide.button.next', { title: t(`helpGuide.card.${next}`) });

  return (
    <div className="flex shrink-0 items-center gap-1 rounded-full border bg-card py-0.5 pr-0.5 pl-1">
      <button
        type="button"
        onClick={onOpen}
        aria-label={`${t('helpGuide.button.open')}, ${status}`}
        title={status}
        className="flex items-center gap-2 rounded-full px-2 py-1 text-left text-sm hover:bg-muted"
      >
        <Compass className="size-4 shrink-0 text-accent" aria-hidden />
        <span className="hidden font-medium whitespace-nowrap lg:inline">{t('helpGuide.button.open')}</span>
        <span className="hidden max-w-44 truncate text-xs text-muted-foreground xl:inline">{status}</span>
        <span className="text-xs text-muted-foreground tabular-nums">
          {count}/{GETTING_STARTED_STEPS.length}
        </span>
      </button>
      <div
        role="progressbar"
        aria-label={t('helpGuide.button.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('helpGuide.button.percent', { percent })}
        className="hidden h-1.5 w-12 overflow-hidden rounded-full bg-muted sm:block"
      >
        <div className="h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <button
        type="button"
        onClick={onHide}
        aria-label={t('helpGuide.button.hide')}
        title={t('helpGuide.button.hide')}
        className="rounded-full p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
