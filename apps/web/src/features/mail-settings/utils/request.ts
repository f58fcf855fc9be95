import type { MailConnectReason, MailConnectStage } from '@app/shared/mail-settings';
import type { z } from 'zod';
import { ApiRequestError } from '@/lib/api-client';

export type ApiIssue = { path: (string | number)[]; message: string };

/**
 * An API error that also keeps what this feature reads from the error body: the failed stage and
 * reason of a mail connection, and the validation issues. It is an ApiRequestError, so the shared
 * error mapper handles it like any other.
 */
export class MailApiError extends ApiRequestError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly stage: MailConnectStage | null,
    readonly reason: MailConnectReason | null,
    readonly issues: ApiIssue[],
  ) {
    super(status, code, message);
    this.name = 'MailApiError';
  }
}

/** `issues[]` of a 400: each with its path (dotted text or a list) and message (an i18n key). */
function readIssues(value: unknown): ApiIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((issue: unknown) => {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    const list: unknown[] = typeof path === 'string' ? path.split('.').filter(Boolean) : Array.isArray(path) ? path : [];
    return [{ path: list.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number'), message }];
  });
}

async function readError(response: Response) {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const text = (key: string) => (typeof body?.[key] === 'string' ? body[key] : '');
  return new MailApiError(
    response.status,
    text('code'),
    text('message'),
    (text('stage') || null) as MailConnectStage | null,
    (text('reason') || null) as MailConnectReason | null,
    readIssues(body?.issues),
  );
}

type Options<T> = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; schema?: z.ZodType<T> };

/**
 * Same contract as lib/api-client's apiRequest (same origin, session cookie, a JSON body on every
 * mutation for the CSRF check) but the thrown error keeps the body's details.
 */
export async function mailRequest<T = unknown>(path: string, options: Options<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const init: RequestInit = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (method !== 'GET') {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body ?? {});
  }
  const response = await fetch(path, init);
  if (!response.ok) throw await readError(response);
  const data: unknown = response.status === 204 ? null : await response.json();
  return options.schema ? options.schema.parse(data) : (data as T);
}

export const isStarterPlanLimit = (error: unknown) => error instanceof ApiRequestError && error.code === 'STARTER_PLAN_LIMIT';
