import { CircleCheck, Compass, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { helpGuideSteps } from '../steps';
import { nextStepToDo, progressValue, type HelpGuideProgress } from '../utils/progress';

type HelpGuideButtonProps = { progress: HelpGuideProgress; onOpen: () => void; onHide: () => void };

/** Spec 02 §2: the floating button, bottom right, with the progress and the next step's title. */
export function HelpGuideButton({ progress, onOpen, onHide }: HelpGuideButtonProps) {
  const { t } = useTranslation();
  const next = nextStepToDo(progress);
  const percent = Math.round(progressValue(progress) * 100);
  const status =
    next === null
      ? t('helpGuide.button.completed')
      : t('helpGuide.button.next', { title: t(`helpGuide.steps.${helpGuideSteps[next]!.id}.title`) });

  return (
    <div className="fixed right-4 bottom-4 z-40 grid w-64 gap-1.5 rounded-lg border bg-card p-2 shadow-md">
      <div className="flex items-start gap-1">
        <button
          type="button"
          onClick={onOpen}
          aria-label={`${t('helpGuide.button.open')}, ${status}`}
          className="grid min-w-0 flex-1 gap-0.5 rounded-md p-1 text-left hover:bg-muted"
        >
          <span className="flex items-center gap-2 text-sm font-medium">
            {next === null ? (
              <CircleCheck className="size-4 shrink-0 text-accent" aria-hidden />
            ) : (
              <Compass className="size-4 shrink-0 text-accent" aria-hidden />
            )}
            {t('helpGuide.button.open')}
          </span>
          <span className="truncate text-xs text-muted-foreground">{status}</span>
        </button>
        <button
          type="button"
          onClick={onHide}
          aria-label={t('helpGuide.button.hide')}
          title={t('helpGuide.button.hide')}
          className="rounded-sm p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <div
        role="progressbar"
        aria-label={t('helpGuide.button.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('helpGuide.button.percent', { percent })}
        className="mx-1 mb-1 h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
