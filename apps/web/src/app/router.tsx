import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { FullPageSpinner } from '@/components/ui/spinner';
import { preloadGuideIfItOpens } from '@/features/help-guide/utils/preload-guide';
import { prefetchInbox } from '@/features/inbox/api/prefetch-inbox';
import { loadAppNamespaces, loadFirstScreenNamespaces } from '@/lib/i18n';
import { ProtectedRoute, PublicRoute } from './guards';
import { AuthLayout } from './layouts/auth-layout';
import { queryClient } from './provider';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

const mailSettings = () =>
  import('@/features/mail-settings/routes/mail-settings').then((m) => ({ Component: m.MailSettingsRoute }));
const oauthCallback = () => import('@/features/mail-settings/routes/oauth-callback');

const team = {
  list: () => import('@/features/team/routes/users-list').then((m) => ({ Component: m.UsersListRoute })),
  add: () => import('@/features/team/routes/add-user').then((m) => ({ Component: m.AddUserRoute })),
  edit: () => import('@/features/team/routes/edit-user').then((m) => ({ Component: m.EditUserRoute })),
  bulk: () => import('@/features/team/routes/bulk-invite').then((m) => ({ Component: m.BulkInviteRoute })),
  verify: () =>
    Promise.all([import('@/features/team/routes/verify-invitation'), loadAppNamespaces()]).then(([m]) => ({
      Component: m.VerifyInvitationRoute,
    })),
  // A provider invitation is accepted through the auth feature's Google/Microsoft sign-in.
  setPassword: () =>
    Promise.all([
      import('@/features/team/routes/set-password'),
      import('@/features/auth/api/social-sign-in'),
      loadAppNamespaces(),
    ]).then(([m, auth]) => ({
      Component: function SetPassword() {
        return <m.SetPasswordRoute useProviderSignIn={auth.useSocialSignIn} />;
      },
    })),
};

const billing = {
  subscriptions: () => import('@/features/billing/routes/subscriptions').then((m) => ({ Component: m.SubscriptionsRoute })),
  invoices: () => import('@/features/billing/routes/invoices').then((m) => ({ Component: m.InvoicesRoute })),
  portal: () => import('@/features/billing/routes/billing-portal').then((m) => ({ Component: m.BillingPortalRoute })),
};

const knowledgeList = () =>
  import('@/features/knowledge/routes/knowledge-list').then((m) => ({ Component: m.KnowledgeListRoute }));
const settingsLayout = () => import('./layouts/settings-layout').then((m) => ({ Component: m.SettingsLayout }));
const inbox = () => import('@/features/inbox/routes/inbox').then((m) => ({ Component: m.InboxRoute }));

/**
 * The main layout renders once its own texts and those of the screens most visits start on (the
 * knowledge list, the webmail) have come; every other signed-in screen waits for the rest of the
 * texts as well (the layout also fetches them a moment after its first screen).
 */
const firstScreens = new Set<unknown>([knowledgeList, settingsLayout, inbox]);
function waitForLaterTexts(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const load = route.lazy;
    const lazy =
      typeof load === 'function' && !firstScreens.has(load)
        ? () => Promise.all([load(), loadAppNamespaces()]).then(([loaded]) => loaded)
        : load;
    return route.index ? { ...route, lazy } : { ...route, lazy, children: route.children && waitForLaterTexts(route.children) };
  });
}

export const routes: RouteObject[] = [
  {
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: AuthLayout,
        children: [
          {
            Component: PublicRoute,
            children: [
              {
                path: 'signup',
                lazy: () => import('@/features/auth/routes/sign-up').then((m) => ({ Component: m.SignUpRoute })),
              },
              {
                path: 'signin',
                lazy: () => import('@/features/auth/routes/sign-in').then((m) => ({ Component: m.SignInRoute })),
              },
              {
                path: 'password-forgot',
                lazy: () => import('@/features/auth/routes/password-forgot').then((m) => ({ Component: m.PasswordForgotRoute })),
              },
              { path: 'invitations/verify', lazy: team.verify },
              { path: 'invitations/set-password', lazy: team.setPassword },
            ],
          },
          // Outside the public wrapper: they act whoever is signed in.
          {
            path: 'signin/:sessionId',
            lazy: () => import('@/features/auth/routes/session-sign-in').then((m) => ({ Component: m.SessionSignInRoute })),
          },
          {
            path: 'digest/off',
            lazy: () =>
              Promise.all([import('@/features/profile/routes/digest-off'), loadAppNamespaces()]).then(([m]) => ({
                Component: m.DigestOffRoute,
              })),
          },
          {
            path: 'password-reset',
            lazy: () => import('@/features/auth/routes/password-reset').then((m) => ({ Component: m.PasswordResetRoute })),
          },
        ],
      },
      {
        Component: ProtectedRoute,
        children: [
          {
            // A first visit's help guide is fetched beside the layout (in a task of its own, as below).
            loader: ({ request }) => {
              setTimeout(() => preloadGuideIfItOpens(queryClient, new URL(request.url).pathname));
              return null;
            },
            lazy: () =>
              Promise.all([import('./layouts/main-layout'), loadFirstScreenNamespaces()]).then(([m]) => ({
                Component: m.MainLayout,
              })),
            children: waitForLaterTexts([
              { index: true, lazy: knowledgeList },
              { path: 'home', lazy: knowledgeList },
              {
                path: 'data/:id?',
                lazy: () =>
                  import('@/features/knowledge/routes/knowledge-form').then((m) => ({ Component: m.KnowledgeFormRoute })),
              },
              {
                path: 'profile',
                lazy: () => import('@/features/profile/routes/profile').then((m) => ({ Component: m.ProfileRoute })),
              },
              {
                path: 'email-settings/add',
                lazy: () =>
                  import('@/features/mail-settings/routes/connect-mailbox').then((m) => ({ Component: m.ConnectMailboxRoute })),
              },
              {
                path: 'agent',
                lazy: () => import('@/features/agent/routes/agent').then((m) => ({ Component: m.AgentRoute })),
              },
              { path: 'subscriptions', lazy: billing.subscriptions },
              { path: 'billing', lazy: billing.portal },
              {
                path: 'feedback',
                lazy: () => import('@/features/feedback/routes/feedback').then((m) => ({ Component: m.FeedbackRoute })),
              },
              {
                lazy: settingsLayout,
                children: [
                  { path: 'email-settings', lazy: mailSettings },
                  {
                    path: 'email-settings/categories',
                    lazy: () =>
                      import('@/features/mail-settings/routes/category-form').then((m) => ({ Component: m.CategoryFormRoute })),
                  },
                  {
                    path: 'inbox',
                    // The first page is asked for while the webmail's code downloads (in a task of its
                    // own: the router's start is the longest task of the page's startup).
                    loader: () => {
                      setTimeout(() => prefetchInbox(queryClient));
                      return null;
                    },
                    lazy: inbox,
                  },
                  {
                    path: 'prompt',
                    lazy: () => import('@/features/prompt/routes/prompt').then((m) => ({ Component: m.PromptRoute })),
                  },
                  { path: 'invoices', lazy: billing.invoices },
                  { path: 'users', lazy: team.list },
                  { path: 'users/add', lazy: team.add },
                  { path: 'users/bulk', lazy: team.bulk },
                  { path: 'users/edit', lazy: team.edit },
                  {
                    path: 'tutorials',
                    lazy: () => import('@/features/tutorials/routes/tutorials').then((m) => ({ Component: m.TutorialsRoute })),
                  },
                  {
                    path: 'plugins',
                    lazy: () => import('@/features/plugins/routes/plugins').then((m) => ({ Component: m.PluginsRoute })),
                  },
                  { path: 'cb/ms', lazy: () => oauthCallback().then((m) => ({ Component: m.OutlookCallbackRoute })) },
                  { path: 'cb/google', lazy: () => oauthCallback().then((m) => ({ Component: m.GoogleCallbackRoute })) },
                ],
              },
            ]),
          },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * Starts downloading the code of the routes the address matches (main.tsx calls it in a task of
 * its own, before `startRouter`). The router asks for the same modules when it starts, which is a
 * longer task; a request leaves only once the task that made it has ended, so asked here it leaves
 * sooner. The router's own calls then find them on their way.
 */
export function preloadRouteCode() {
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined); // the router reports failures
  }
}

/**
 * Creates the router, which matches the URL and starts downloading the route's code. main.tsx calls
 * it in a task of its own right after the startup task, rather than while the entry script is
 * evaluated: a phone then has two shorter tasks instead of one long one.
 */
export function startRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}

export function AppRouter() {
  return <RouterProvider router={startRouter()} />;
}
