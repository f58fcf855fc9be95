import { type ComponentType, createElement, lazy, useEffect, useState } from 'react';

/**
 * A component the first screen does not need (a dialog, a menu): its code, and Radix's with it, is
 * fetched the first time it renders or `preload` runs. Until then the first screen's own bytes have
 * the network to themselves, which is what a slow phone's first paint waits for.
 *
 * Once the code has come, new instances render it directly. A `React.lazy` component suspends on
 * its first render even then, and React commits a Suspense boundary's content at the earliest
 * 300 ms after the last fallback it showed: a dialog would open that much later than it could.
 */
export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () => {
    loading ??= load().then(
      (Component) => (loaded = Component),
      (error: unknown) => {
        loading = undefined; // the next attempt downloads again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })));

  function Deferred(props: Props) {
    // Chosen once per instance: switching from the lazy wrapper to the component would remount it.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Deferred, {
    load: preload,
    preload: () => void preload().catch(() => undefined),
    isLoaded: () => loaded !== undefined,
  });
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

/** Runs `task` once the browser has painted the next frame; returns a function that cancels it. */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(task)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Preloads deferred components a moment after the screen that renders this hook is up. */
export function usePreloadAfterFirstScreen(...components: { preload: () => void }[]) {
  useEffect(() => afterFirstScreen(() => components.forEach((component) => component.preload())), []);
}

/**
 * True from the first time `wanted` is and `component`'s code has come: a deferred dialog mounts
 * when it first opens, already loaded (so that no Suspense fallback delays it, see `deferred`), and
 * then stays mounted, so that it can animate closed. A failed download mounts it too: the lazy
 * component then tries again, and its error reaches the error boundary.
 */
export function useMountedOnceWanted(wanted: boolean, component: { load: () => Promise<unknown>; isLoaded: () => boolean }) {
  const [mounted, setMounted] = useState(false);
  const ready = wanted && component.isLoaded();
  if (ready && !mounted) setMounted(true);
  useEffect(() => {
    if (!wanted || mounted) return;
    let current = true;
    const mount = () => current && setMounted(true);
    void component.load().then(mount, mount);
    return () => {
      current = false;
    };
  }, [wanted, mounted, component]);
  return mounted || ready;
}
