import { TOAST_DURATION_MS } from '@app/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppToaster } from '@/components/ui/toaster';
import { ApiRequestError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { useTheme } from '@/lib/theme';

/** Client errors (4xx) are answers, not hiccups: only other failures are retried. */
function retry(failureCount: number, error: unknown) {
  if (error instanceof ApiRequestError && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry, refetchOnWindowFocus: false } },
});

export function AppProvider({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <AppToaster position="bottom-right" duration={TOAST_DURATION_MS} theme={theme} closeButton />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
