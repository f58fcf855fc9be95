import '@fontsource-variable/inter';
import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider, queryClient } from './app/provider';
import { AppRouter } from './app/router';
import { closeIfSocialPopup } from './features/auth/api/social-sign-in';
import { authConfigQueryOptions } from './lib/auth-config';
import { i18nReady } from './lib/i18n';
import { sessionQueryOptions } from './lib/session';
import { initTheme } from './lib/theme';

if (!closeIfSocialPopup()) {
  initTheme();
  // Every screen's guard asks these first: asked now, they arrive while the route's code loads.
  void queryClient.prefetchQuery(sessionQueryOptions);
  void queryClient.prefetchQuery(authConfigQueryOptions);
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  // A French or Spanish visitor waits for that language's chunk rather than seeing English first.
  // A transition renders in slices that yield to the browser, rather than in one long task.
  void i18nReady.finally(() =>
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
