import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { FirstRunProgress, secondsLeft } from './first-run-progress';

const STARTED = '2026-11-27T10:00:00.000Z';
const at = (seconds: number) => Date.parse(STARTED) + seconds * 1000;
const reading = (done: number, total: number) =>
  ({
    job: 'initialisation',
    done: 3,
    total: 20,
    phase: 'reading',
    startedAt: STARTED,
    messagesDone: done,
    messagesTotal: total,
  }) as const;

describe('the first run in words', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('en');
  });

  it('tells the time left at the pace so far, once the pace says something', () => {
    expect(secondsLeft(reading(2_000, 10_000), at(5))).toBe(20);
    expect(secondsLeft(reading(10, 10_000), at(5))).toBeNull();
    expect(secondsLeft(reading(2_000, 10_000), at(1))).toBeNull();
    expect(secondsLeft({ job: 'initialisation', done: 1, total: 2 }, at(10))).toBeNull();
  });

  it('says what it does in each phase, with the messages and the time left', () => {
    vi.useFakeTimers({ now: at(10) });
    const { rerender } = render(<FirstRunProgress progress={{ ...reading(0, 0), phase: 'listing' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Looking through your category folders…');
    rerender(<FirstRunProgress progress={reading(2_000, 8_000)} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Reading your past mail: 2000 of 8000 messages. About 30 seconds left for the reading.',
    );
    rerender(<FirstRunProgress progress={reading(400, 80_000)} />);
    expect(screen.getByRole('status')).toHaveTextContent('About 34 minutes left for the reading.');
    rerender(<FirstRunProgress progress={{ ...reading(8_000, 8_000), phase: 'learning' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Measuring the accuracy on 8000 messages and learning from them…');
    // A progress written before these fields existed: the folders.
    rerender(<FirstRunProgress progress={{ job: 'initialisation', done: 2, total: 5 }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Learning from your category folders: 2 of 5');
  });

  it('in French', async () => {
    await i18n.changeLanguage('fr');
    vi.useFakeTimers({ now: at(10) });
    render(<FirstRunProgress progress={reading(2_000, 8_000)} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Lecture de votre courrier passé : 2000 messages sur 8000. Encore 30 secondes environ pour la lecture.',
    );
  });
});
