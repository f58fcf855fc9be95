/**
 * Better Auth's client, loaded when first needed: no screen needs it to paint, and leaving it out
 * keeps the sign-in page's first download small. Forms call `preloadAuthClient` on first focus, so
 * that it is there by the time they are submitted.
 */
export function loadAuthClient() {
  return import('./better-auth-client').then((module) => module.authClient);
}

export function preloadAuthClient() {
  void loadAuthClient();
}

export type SocialProvider = 'google' | 'microsoft';
