/** The error object Better Auth's client returns. */
export type AuthClientError = { code?: string | undefined; message?: string | undefined; status: number };

/** An auth failure whose message is an i18n key, shown translated by the screen. */
export class AuthError extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = 'AuthError';
  }
}

export function errorKey(error: unknown): string {
  return error instanceof AuthError ? error.key : 'auth.tryLater';
}
