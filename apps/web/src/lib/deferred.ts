import { type ComponentType, lazy, useEffect, useState } from 'react';

/**
 * A component the first screen does not need (a dialog, a menu): its code, and Radix's with it, is
 * fetched the first time it renders or `preload` runs. Until then the first screen's own bytes have
 * the network to themselves, which is what a slow phone's first paint waits for.
 */
export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // the next attempt downloads again
      throw error;
    });
    return loading;
  };
  return Object.assign(
    lazy(() => preload().then((Component) => ({ default: Component }))),
    { load: preload, preload: () => void preload().catch(() => undefined) },
  );
}

/** How long after the screen is up deferred code starts downloading: past the first screen's own requests. */
const PRELOAD_DELAY_MS = 1500;

/**
 * Runs `task` a moment after the screen is up, when the browser is idle: what the first screen
 * still downloads (its rows, the messages it prefetches) goes first.
 */
export function afterFirstScreen(task: () => void): () => void {
  let cancelIdle = () => {};
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback !== 'function') return task();
    const id = requestIdleCallback(task, { timeout: 1000 });
    cancelIdle = () => cancelIdleCallback(id);
  }, PRELOAD_DELAY_MS);
  return () => {
    clearTimeout(timer);
    cancelIdle();
  };
}

/** Preloads deferred components a moment after the screen that renders this hook is up. */
export function usePreloadAfterFirstScreen(...components: { preload: () => void }[]) {
  useEffect(() => afterFirstScreen(() => components.forEach((component) => component.preload())), []);
}

/**
 * True from the first time `wanted` is: a deferred dialog mounts when it first opens and then stays
 * mounted, so that it can animate closed.
 */
export function useMountedOnceWanted(wanted: boolean): boolean {
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  return mounted || wanted;
}
