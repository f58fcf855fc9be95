import { type ErrorTable, KeyedError } from '@/lib/error-mapper';

/** The error object Better Auth's client returns. */
export type AuthClientError = { code?: string | undefined; message?: string | undefined; status: number };

/** An auth failure whose message is an i18n key, shown translated by the screen. */
export class AuthError extends KeyedError {
  constructor(key: string) {
    super(key);
    this.name = 'AuthError';
  }
}

/** What the auth screens show for a failure: an `AuthError`'s key, else "try later" (the network, a bug). */
export const authErrors: ErrorTable = { fallback: 'auth.tryLater' };
