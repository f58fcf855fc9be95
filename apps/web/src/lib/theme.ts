import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark' | 'system';

const storageKey = 'theme';
const listeners = new Set<() => void>();
const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');

export function getTheme(): Theme {
  const stored = localStorage.getItem(storageKey);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** Applies the theme to <html>; 'system' follows prefers-color-scheme. */
export function applyTheme(theme: Theme = getTheme()) {
  const dark = theme === 'dark' || (theme === 'system' && !!darkQuery()?.matches);
  document.documentElement.classList.toggle('dark', dark);
}

export function setTheme(theme: Theme) {
  if (theme === 'system') localStorage.removeItem(storageKey);
  else localStorage.setItem(storageKey, theme);
  applyTheme(theme);
  listeners.forEach((listener) => listener());
}

/** Applies the stored theme now and again whenever the OS preference changes. */
export function initTheme() {
  applyTheme();
  darkQuery()?.addEventListener('change', () => applyTheme());
}

export function useTheme(): Theme {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, getTheme);
}
