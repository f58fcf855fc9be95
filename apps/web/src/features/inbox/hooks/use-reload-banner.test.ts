import { MAILBOX_SUCCESS_BANNER_MS } from '@app/shared/mailbox-rules';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useReloadBanner } from './use-reload-banner';

const settled = { isSuccess: true, isPlaceholderData: false, isFetching: false, dataUpdatedAt: 1 };
const fetching = { ...settled, isFetching: true };

function setup(count: number) {
  return renderHook(({ list, drawn }) => useReloadBanner(list, drawn, count), { initialProps: { list: settled, drawn: true } });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useReloadBanner', () => {
  it('shows nothing for rows that came without the reload button (a folder, a page)', () => {
    const { result, rerender } = setup(3);
    rerender({ list: fetching, drawn: true });
    rerender({ list: { ...settled, dataUpdatedAt: 2 }, drawn: true });
    expect(result.current.shown).toBe(false);
  });

  it('shows once a reload has loaded and its rows are drawn, for MAILBOX_SUCCESS_BANNER_MS', () => {
    const { result, rerender } = setup(3);
    act(() => result.current.reloading());
    rerender({ list: fetching, drawn: true });
    expect(result.current.shown).toBe(false);
    rerender({ list: { ...settled, dataUpdatedAt: 2 }, drawn: false });
    expect(result.current.shown).toBe(false);
    rerender({ list: { ...settled, dataUpdatedAt: 2 }, drawn: true });
    expect(result.current.shown).toBe(true);
    act(() => {
      vi.advanceTimersByTime(MAILBOX_SUCCESS_BANNER_MS - 1);
    });
    expect(result.current.shown).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.shown).toBe(false);
  });

  it('never shows over an empty folder', () => {
    const { result, rerender } = setup(0);
    act(() => result.current.reloading());
    rerender({ list: fetching, drawn: true });
    rerender({ list: { ...settled, dataUpdatedAt: 2 }, drawn: true });
    expect(result.current.shown).toBe(false);
  });
});
