import type { z } from 'zod';

/** An answer of the API that was not 2xx, carrying the wire error `{ success:false, code, message, status }`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
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
  const body = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : '';
  const message = typeof body?.message === 'string' ? body.message : '';
  return new ApiRequestError(response.status, code, message);
}

/**
 * Calls the API on the same origin with the session cookie. Mutations always send a JSON body
 * (`{}` when there is none): the server refuses other content types (CSRF protection).
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
