import { act, render, renderHook, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint, deferred, useMountedOnceWanted } from './deferred';

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

  it('renders at once, without suspending, once its code has come', async () => {
    const Dialog = deferred(async () => ({ title }: { title: string }) => <p>{title}</p>);
    await Dialog.load();
    expect(Dialog.isLoaded()).toBe(true);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Dialog title="Delete Data" />
      </Suspense>,
    );
    expect(screen.getByText('Delete Data')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });
});

describe('useMountedOnceWanted', () => {
  it('mounts once wanted and loaded, then stays true so a closed dialog can animate out', async () => {
    let arrive = () => {};
    const Dialog = deferred(() => new Promise<() => null>((resolve) => (arrive = () => resolve(() => null))));
    const { result, rerender } = renderHook(({ wanted }) => useMountedOnceWanted(wanted, Dialog), {
      initialProps: { wanted: false },
    });
    expect(result.current).toBe(false);
    rerender({ wanted: true });
    expect(result.current).toBe(false); // its code is still coming
    await act(async () => arrive());
    expect(result.current).toBe(true);
    act(() => rerender({ wanted: false }));
    expect(result.current).toBe(true);
  });

  it('mounts at once when the code is already here', async () => {
    const Dialog = deferred(async () => () => null);
    await Dialog.load();
    const { result } = renderHook(() => useMountedOnceWanted(true, Dialog));
    expect(result.current).toBe(true);
  });

  it('mounts after a failed download, so the lazy component retries and reports the error', async () => {
    const Dialog = deferred(() => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => useMountedOnceWanted(true, Dialog));
    await act(async () => {});
    expect(result.current).toBe(true);
    expect(Dialog.isLoaded()).toBe(false);
  });
});

describe('afterNextPaint', () => {
  it('runs the task after the next frame, unless cancelled first', async () => {
    const task = vi.fn();
    const cancelled = vi.fn();
    afterNextPaint(task);
    afterNextPaint(cancelled)();
    expect(task).not.toHaveBeenCalled();
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10)));
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
