import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppToaster } from '@/components/ui/toaster';

/**
 * Renders `element` at `path`, entered with a navigation `state` (what the list, the verify screen
 * and the set-password screen hand each other), with the toasts; other paths show their pathname.
 */
export function renderAt(element: ReactNode, options: { path: string; at?: string; state?: unknown }) {
  const [pathname = '/', search = ''] = (options.at ?? options.path).split('?');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: options.path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [{ pathname, search: search && `?${search}`, state: options.state }] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <AppToaster />
      </QueryClientProvider>,
    ),
  };
}
