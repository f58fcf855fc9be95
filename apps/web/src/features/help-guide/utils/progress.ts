import { LAST_STEP } from '../steps';

/** Spec 02 §3 "Help guide progress (local storage)", plus whether the floating button is hidden. */
export interface HelpGuideProgress {
  currentStep: number;
  completedSteps: number[];
  guideCompleted: boolean;
  lastVisited: string | null;
  totalViews: number;
  openedFirstTime: boolean;
  buttonHidden: boolean;
}

const isStep = (value: unknown) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= LAST_STEP;

/** Checked by hand rather than with zod: every signed-in screen reads it, and zod would then load on each. */
function isProgress(value: unknown): value is HelpGuideProgress {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    isStep(p.currentStep) &&
    Array.isArray(p.completedSteps) &&
    p.completedSteps.every(isStep) &&
    typeof p.guideCompleted === 'boolean' &&
    (p.lastVisited === null || typeof p.lastVisited === 'string') &&
    Number.isInteger(p.totalViews) &&
    (p.totalViews as number) >= 0 &&
    typeof p.openedFirstTime === 'boolean' &&
    typeof p.buttonHidden === 'boolean'
  );
}

export const initialProgress: HelpGuideProgress = {
  currentStep: 0,
  completedSteps: [],
  guideCompleted: false,
  lastVisited: null,
  totalViews: 0,
  openedFirstTime: false,
  buttonHidden: false,
};

/** One entry per user, so two people sharing a browser each have their own progress. */
export const progressKey = (uid: string) => `helpGuide:${uid}`;

/** The stored progress; anything unreadable (hand-edited, older shape) starts over. */
export function parseProgress(raw: string | null): HelpGuideProgress {
  if (!raw) return initialProgress;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isProgress(parsed) ? pick(parsed) : initialProgress;
  } catch {
    return initialProgress;
  }
}

/** Only the known fields, as zod's object parsing kept them. */
const pick = (p: HelpGuideProgress): HelpGuideProgress => ({
  currentStep: p.currentStep,
  completedSteps: p.completedSteps,
  guideCompleted: p.guideCompleted,
  lastVisited: p.lastVisited,
  totalViews: p.totalViews,
  openedFirstTime: p.openedFirstTime,
  buttonHidden: p.buttonHidden,
});

const clampStep = (step: number) => Math.min(LAST_STEP, Math.max(0, step));

const withCompleted = (steps: number[], step: number) => (steps.includes(step) ? steps : [...steps, step].sort((a, b) => a - b));

/** Spec 02 §4: stepping forward marks the current step complete. */
export const nextStep = (p: HelpGuideProgress): HelpGuideProgress => ({
  ...p,
  completedSteps: withCompleted(p.completedSteps, p.currentStep),
  currentStep: clampStep(p.currentStep + 1),
});

export const previousStep = (p: HelpGuideProgress): HelpGuideProgress => ({ ...p, currentStep: clampStep(p.currentStep - 1) });

/** Moves on without marking the step done (the dots and the arrow keys move the same way). */
export const goToStep = (p: HelpGuideProgress, step: number): HelpGuideProgress => ({ ...p, currentStep: clampStep(step) });

export const skipStep = (p: HelpGuideProgress): HelpGuideProgress => goToStep(p, p.currentStep + 1);

/** Spec 02 §4: finishing on the last step marks it and the guide completed. */
export const finishGuide = (p: HelpGuideProgress): HelpGuideProgress => ({
  ...p,
  completedSteps: withCompleted(p.completedSteps, p.currentStep),
  guideCompleted: true,
});

export const recordView = (p: HelpGuideProgress, now: Date): HelpGuideProgress => ({
  ...p,
  openedFirstTime: true,
  totalViews: p.totalViews + 1,
  lastVisited: now.toISOString(),
});

export const setButtonHidden = (p: HelpGuideProgress, buttonHidden: boolean): HelpGuideProgress => ({ ...p, buttonHidden });
