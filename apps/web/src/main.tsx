import '@fontsource-variable/inter';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { closeIfSocialPopup } from './features/auth/api/social-sign-in';
import { i18nReady } from './lib/i18n';
import { initTheme } from './lib/theme';

if (!closeIfSocialPopup()) {
  initTheme();
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  // A French or Spanish visitor waits for that language's chunk rather than seeing English first.
  void i18nReady.finally(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );
}
