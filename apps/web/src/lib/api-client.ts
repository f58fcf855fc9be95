import type { z } from 'zod';

/** One validation problem of a 400: where (the body's path) and what (an i18n key or a text). */
export type ApiIssue = { path: (string | number)[]; message: string };

/**
 * An answer of the API that was not 2xx, carrying the wire error `{ success:false, code, message,
 * status }`, its validation `issues`, and the other fields some errors add (e.g. a mail connection's
 * `stage` and `reason`) in `details`.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiIssue[] = [],
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** A text field of the error body beyond code and message, or null. */
  detail(key: string): string | null {
    const value = this.details[key];
    return typeof value === 'string' ? value : null;
  }
}

/** `issues[]` of a 400: each with its path (dotted text or a list) and message. */
function readIssues(value: unknown): ApiIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((issue: unknown) => {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    const list: unknown[] = typeof path === 'string' ? path.split('.').filter(Boolean) : Array.isArray(path) ? path : [];
    return [{ path: list.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number'), message }];
  });
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  schema?: z.ZodType<T>;
};

function buildUrl(path: string, query: RequestOptions<unknown>['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readError(response: Response): Promise<ApiRequestError> {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const { code, message, issues, success: _success, status: _status, ...details } = body ?? {};
  return new ApiRequestError(
    response.status,
    typeof code === 'string' ? code : '',
    typeof message === 'string' ? message : '',
    readIssues(issues),
    details,
  );
}

/**
 * Calls the API on the same origin with the session cookie. Mutations always send a JSON body
 * (`{}` when there is none): the server refuses other content types (CSRF protection).
 *
 * `schema` parses the answer again with the shared schema. The server already checks every answer
 * against the same schema before sending it, so the calls the signed-in screens make at startup
 * (session, knowledge list, mailbox page, folders, message) are typed instead: parsing them would
 * put zod in every screen's first download (docs/decisions.md).
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const init: RequestInit = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (method !== 'GET') {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body ?? {});
  }
  const response = await fetch(buildUrl(path, options.query), init);
  if (!response.ok) throw await readError(response);
  const data: unknown = response.status === 204 ? null : await response.json();
  return options.schema ? options.schema.parse(data) : (data as T);
}
