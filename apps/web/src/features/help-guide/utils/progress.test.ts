import { describe, expect, it } from 'vitest';
import { finishGuide, goToStep, initialProgress, nextStep, parseProgress, previousStep, recordView, skipStep } from './progress';

describe('help guide progress', () => {
  it('next marks the current step complete and moves on; previous and skip do not mark anything', () => {
    const afterNext = nextStep(initialProgress);
    expect(afterNext).toMatchObject({ currentStep: 1, completedSteps: [0] });
    expect(previousStep(afterNext)).toMatchObject({ currentStep: 0, completedSteps: [0] });
    expect(skipStep(afterNext)).toMatchObject({ currentStep: 2, completedSteps: [0] });
    expect(previousStep(initialProgress).currentStep).toBe(0);
  });

  it('keeps the steps in range and each completed step once', () => {
    expect(goToStep(initialProgress, 9).currentStep).toBe(5);
    expect(goToStep(initialProgress, -1).currentStep).toBe(0);
    const twice = nextStep(previousStep(nextStep(initialProgress)));
    expect(twice.completedSteps).toEqual([0]);
    expect(nextStep(goToStep(initialProgress, 5))).toMatchObject({ currentStep: 5, completedSteps: [5] });
  });

  it('finish marks the last step and the guide completed', () => {
    const finished = finishGuide(goToStep(initialProgress, 5));
    expect(finished).toMatchObject({ guideCompleted: true, completedSteps: [5] });
  });

  it('a view records the first opening, the count and the time', () => {
    const viewed = recordView(recordView(initialProgress, new Date('2025-01-01T10:00:00Z')), new Date('2025-01-02T10:00:00Z'));
    expect(viewed).toMatchObject({ openedFirstTime: true, totalViews: 2, lastVisited: '2025-01-02T10:00:00.000Z' });
  });

  it('starts over from anything it cannot read', () => {
    expect(parseProgress(null)).toEqual(initialProgress);
    expect(parseProgress('{not json')).toEqual(initialProgress);
    expect(parseProgress(JSON.stringify({ ...initialProgress, currentStep: 12 }))).toEqual(initialProgress);
    expect(parseProgress(JSON.stringify({ ...initialProgress, completedSteps: [0, 1.5] }))).toEqual(initialProgress);
    expect(parseProgress(JSON.stringify({ ...initialProgress, totalViews: -1 }))).toEqual(initialProgress);
    expect(parseProgress(JSON.stringify({ ...initialProgress, lastVisited: 5 }))).toEqual(initialProgress);
    expect(parseProgress('null')).toEqual(initialProgress);
    expect(parseProgress('[]')).toEqual(initialProgress);
    const stored = { ...initialProgress, currentStep: 3, completedSteps: [0, 1, 2] };
    expect(parseProgress(JSON.stringify(stored))).toEqual(stored);
    // Fields of another shape are left out, not carried along.
    expect(parseProgress(JSON.stringify({ ...stored, injected: '<b>' }))).toEqual(stored);
  });
});
