import { ArrowRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { currentLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { helpGuideSteps, LAST_STEP, STEP_COUNT, STEP_IMAGE_SIZE, stepImageSources } from '../steps';
import { finishGuide, goToStep, nextStep, previousStep, skipStep, type HelpGuideProgress } from '../utils/progress';

type Update = (change: (current: HelpGuideProgress) => HelpGuideProgress) => void;

type HelpGuideModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  progress: HelpGuideProgress;
  update: Update;
  /** Goes to a step's screen (the modal closes first). */
  onNavigate: (to: string) => void;
};

function StepDots({ progress, update }: { progress: HelpGuideProgress; update: Update }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('helpGuide.dots')} className="flex items-center gap-1">
      {helpGuideSteps.map((step, index) => {
        const current = index === progress.currentStep;
        const done = progress.completedSteps.includes(index);
        const title = t(`helpGuide.steps.${step.id}.title`);
        return (
          <button
            key={step.id}
            type="button"
            aria-label={t(done ? 'helpGuide.goToStepDone' : 'helpGuide.goToStep', { number: index + 1, title })}
            aria-current={current ? 'step' : undefined}
            onClick={() => update((p) => goToStep(p, index))}
            className="grid size-6 place-items-center rounded-full"
          >
            <span
              aria-hidden
              className={cn(
                'block size-2.5 rounded-full border border-accent',
                (current || done) && 'bg-accent',
                current && 'size-3 ring-2 ring-accent/30',
              )}
            />
          </button>
        );
      })}
    </div>
  );
}

/** Spec 02 §2: the six-step guide with previous, next, skip, finish and dots; ←/→ move between steps. */
export function HelpGuideModal({ open, onOpenChange, progress, update, onNavigate }: HelpGuideModalProps) {
  const { t } = useTranslation();
  const index = progress.currentStep;
  const step = helpGuideSteps[index]!;
  const isLast = index === LAST_STEP;
  const key = (name: string) => `helpGuide.steps.${step.id}.${name}`;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') update((p) => goToStep(p, p.currentStep + 1));
    else if (event.key === 'ArrowLeft') update((p) => goToStep(p, p.currentStep - 1));
  };
  const finish = () => {
    update(finishGuide);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto" onKeyDown={onKeyDown}>
        <div className="grid gap-1 pr-6">
          <DialogTitle>{t('helpGuide.title')}</DialogTitle>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('helpGuide.stepOf', { current: index + 1, total: STEP_COUNT })}
          </p>
        </div>
        <div className="grid gap-3">
          <h3 className="flex items-center gap-2 text-base font-semibold">
            {t(key('title'))}
            {step.optional && (
              <span className="rounded bg-muted px-1.5 py-0.5 text-xs font-normal text-muted-foreground">
                {t('helpGuide.optional')}
              </span>
            )}
          </h3>
          <DialogDescription>{t(key('body'))}</DialogDescription>
          <img
            {...stepImageSources(index, currentLanguage())}
            alt={t(key('alt'))}
            width={STEP_IMAGE_SIZE.width}
            height={STEP_IMAGE_SIZE.height}
            className="h-auto w-full rounded-md border bg-muted"
          />
          <div>
            <Button variant="outline" size="sm" onClick={() => onNavigate(step.to)}>
              {t(key('action'))}
              <ArrowRight aria-hidden />
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-4">
          <Button variant="ghost" disabled={index === 0} onClick={() => update(previousStep)}>
            {t('helpGuide.previous')}
          </Button>
          <StepDots progress={progress} update={update} />
          <div className="flex gap-2">
            {!isLast && (
              <Button variant="ghost" onClick={() => update(skipStep)}>
                {t('helpGuide.skip')}
              </Button>
            )}
            <Button onClick={isLast ? finish : () => update(nextStep)}>
              {t(isLast ? 'helpGuide.finish' : 'helpGuide.next')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
