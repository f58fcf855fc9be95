import '@fontsource-variable/inter';
import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider, queryClient } from './app/provider';
import { AppRouter, preloadRouteCode, startRouter } from './app/router';
import { closeIfSocialPopup } from './features/auth/api/social-sign-in';
import { authConfigQueryOptions } from './lib/auth-config';
import { prepareClassMerging } from './lib/class-merging';
import { i18nReady } from './lib/i18n';
import { sessionQueryOptions } from './lib/session';
import { initTheme } from './lib/theme';

if (!closeIfSocialPopup()) {
  initTheme();
  // Every screen's guard asks these first: asked now, they arrive while the route's code loads.
  const guardsAnswered = Promise.all([
    queryClient.prefetchQuery(sessionQueryOptions),
    queryClient.prefetchQuery(authConfigQueryOptions),
  ]);
  setTimeout(preloadRouteCode);
  setTimeout(startRouter);
  prepareClassMerging();
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  // A French or Spanish visitor waits for that language's chunk rather than seeing English first.
  // The first render waits for the guards' answers too (the painted shell shows meanwhile): it then
  // renders the screen itself in a transition, in slices that yield to the browser, rather than a
  // spinner that the answers replace in one long synchronous render.
  void Promise.all([i18nReady, guardsAnswered]).finally(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <AppProvider>
            <AppRouter />
          </AppProvider>
        </StrictMode>,
      ),
    ),
  );
}
