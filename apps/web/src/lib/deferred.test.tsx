import { act, render, renderHook, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, useMountedOnceWanted } from './deferred';

describe('deferred', () => {
  it('loads once, whether preloaded or rendered first', async () => {
    const load = vi.fn(async () => ({ title }: { title: string }) => <p>{title}</p>);
    const Dialog = deferred(load);
    Dialog.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Dialog title="Delete Data" />
      </Suspense>,
    );
    expect(await screen.findByText('Delete Data')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('downloads again after a failed attempt', async () => {
    const component = () => <p>menu</p>;
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(component);
    const Menu = deferred(load);
    await expect(Menu.load()).rejects.toThrow('offline');
    await expect(Menu.load()).resolves.toBe(component);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useMountedOnceWanted', () => {
  it('stays true once wanted, so a closed dialog can animate out', () => {
    const { result, rerender } = renderHook(({ wanted }) => useMountedOnceWanted(wanted), { initialProps: { wanted: false } });
    expect(result.current).toBe(false);
    rerender({ wanted: true });
    expect(result.current).toBe(true);
    act(() => rerender({ wanted: false }));
    expect(result.current).toBe(true);
  });
});
