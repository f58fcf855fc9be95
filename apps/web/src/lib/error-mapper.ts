import type { ErrorCode } from '@app/shared/errors';
import { ApiRequestError } from './api-client';
import { i18n } from './i18n';

export type MappedError = { code: ErrorCode; message: string; status?: number };

/** A server message is an i18n key or a plain text: translate the former, keep the latter. */
export function translateServerMessage(message: string): string {
  return i18n.exists(message) ? i18n.t(message) : message;
}

/** Statuses whose server message is preferred over the table's text. */
const serverMessageFirst = new Set([400, 403, 409, 500]);

const byStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMIT',
  500: 'SERVER_ERROR',
};

/** The API error mapper of spec 01 §8, returning the text in the current language. */
export function mapApiError(error: unknown): MappedError {
  if (!(error instanceof ApiRequestError)) {
    return { code: 'UNKNOWN_ERROR', message: i18n.t('errors.UNKNOWN_ERROR') };
  }
  const { status } = error;
  return { code: byStatus[status] ?? 'UNKNOWN', message: errorMessageOf(error), status };
}

/** A failure already mapped where it was thrown: `key` is the i18n key of its text. */
export class KeyedError extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = 'KeyedError';
  }
}

/** An answer of the server that was not 2xx: the API client's error, or the error object Better Auth's client returns. */
export type Failure = { status: number; code: string; message: string };

/**
 * A feature's own texts for some failures, as i18n keys. A failure is looked up by its code, then by
 * its status, then the server's message is shown when `serverMessage` says so; what the table leaves
 * over gets `fallback`, or without one the shared mapping of spec 01 §8 (`mapApiError`'s text).
 */
export type ErrorTable = {
  codes?: Readonly<Record<string, string>>;
  statuses?: Readonly<Record<number, string>>;
  /** Whether the server's message (an i18n key or a text) is the text, when it has one. */
  serverMessage?: boolean | ((failure: Failure) => boolean);
  fallback?: string;
  /** The key of a failure that is no answer of the server (the network, a bug); else `fallback`, else errors.UNKNOWN_ERROR. */
  unexpected?: string;
};

const lookUp = <K extends string | number>(table: Readonly<Record<K, string>> | undefined, key: K) =>
  table && Object.hasOwn(table, key) ? table[key] : undefined;

/** The failure `error` is, when it is an answer of the server. */
function failureOf(error: unknown): Failure | null {
  if (error instanceof ApiRequestError) return error;
  if (error instanceof Error || typeof error !== 'object' || error === null) return null;
  const { status, code, message } = error as Record<string, unknown>;
  if (typeof status !== 'number') return null;
  return { status, code: typeof code === 'string' ? code : '', message: typeof message === 'string' ? message : '' };
}

/** The code's key in `table`, else its fallback (for a provider's error code read from a redirect or a popup). */
export function codeKeyOf(code: string, table: ErrorTable): string {
  return lookUp(table.codes, code) ?? table.fallback ?? 'errors.UNKNOWN_ERROR';
}

/**
 * The i18n key of what went wrong, or the server's own text where the server's message is shown (see
 * `ErrorTable`): from anything thrown, an API error, a Better Auth error, a network failure, a `KeyedError`.
 */
export function errorKeyOf(error: unknown, table: ErrorTable = {}): string {
  if (error instanceof KeyedError) return error.key;
  const failure = failureOf(error);
  if (!failure) return table.unexpected ?? table.fallback ?? 'errors.UNKNOWN_ERROR';
  const own = lookUp(table.codes, failure.code) ?? lookUp(table.statuses, failure.status);
  if (own) return own;
  const { serverMessage } = table;
  if (failure.message && (serverMessage === true || (typeof serverMessage === 'function' && serverMessage(failure)))) {
    return failure.message;
  }
  if (table.fallback) return table.fallback;
  if (serverMessageFirst.has(failure.status) && failure.message) return failure.message;
  return `errors.${byStatus[failure.status] ?? 'UNKNOWN'}`;
}

/** `errorKeyOf`'s text in the current language. */
export function errorMessageOf(error: unknown, table?: ErrorTable): string {
  return translateServerMessage(errorKeyOf(error, table));
}
