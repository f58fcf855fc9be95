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
  const code = byStatus[status] ?? 'UNKNOWN';
  const message =
    serverMessageFirst.has(status) && error.message ? translateServerMessage(error.message) : i18n.t(`errors.${code}`);
  return { code, message, status };
}
