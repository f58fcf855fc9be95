import type { MailConnectStage } from '@app/shared/mail-settings';
import { connectFailure, MailError } from './errors';

/** Where an adapter gets its access token; `refresh` is called once after a 401 with the token refused. */
export interface TokenSource {
  accessToken(): Promise<string>;
  refresh(rejected: string): Promise<string>;
}

export interface VendorHttpOptions {
  /** How often a 429 or 503 is retried before giving up (default 3). */
  retries?: number;
  /** Longest wait honoured from Retry-After, and the back-off cap (default 30 s). */
  maxWaitMs?: number;
  /** First back-off step when the vendor gives no Retry-After (default 500 ms). */
  baseDelayMs?: number;
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** The vendor's own error text: Google `{error:{message}}`, Graph `{error:{code,message}}`, OAuth `{error,error_description}`. */
export function vendorErrorText(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { error, error_description: description } = body as { error?: unknown; error_description?: unknown };
  if (typeof description === 'string') return description;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const { message, code } = error as { message?: unknown; code?: unknown };
    return [code, message].filter((p) => typeof p === 'string').join(': ');
  }
  return '';
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface VendorRequest {
  method?: string;
  body?: unknown;
  /** Extra request headers (Graph's `Prefer`). */
  headers?: Record<string, string>;
}

/**
 * A JSON call to a vendor API with the account's token: one refresh after a 401, back-off on 429
 * and 503 (honouring Retry-After), and errors normalised to MailError.
 */
export async function vendorJson<T>(
  stage: MailConnectStage,
  tokens: TokenSource,
  url: string,
  init: VendorRequest = {},
  options: VendorHttpOptions = {},
): Promise<T> {
  const retries = options.retries ?? 3;
  const maxWait = options.maxWaitMs ?? 30_000;
  let token = await tokens.accessToken();
  let refreshed = false;
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    }).catch((error: unknown) => {
      throw new MailError(
        'transient',
        stage,
        (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable',
        `${stage} request failed: ${(error as Error).message}`,
      );
    });
    if (res.ok) return (res.status === 204 ? null : await readBody(res)) as T;
    const body = await readBody(res);
    if (res.status === 401 && !refreshed) {
      refreshed = true;
      token = await tokens.refresh(token);
      continue;
    }
    if ((res.status === 429 || res.status === 503) && attempt < retries) {
      const wait = retryAfterMs(res.headers.get('retry-after')) ?? (options.baseDelayMs ?? 500) * 2 ** attempt;
      await sleep(Math.min(wait, maxWait));
      continue;
    }
    throw vendorError(stage, res, body);
  }
}

function vendorError(stage: MailConnectStage, res: Response, body: unknown): MailError {
  const text = vendorErrorText(body) || res.statusText;
  const message = `${stage} request failed (${res.status}): ${text}`;
  if (res.status === 401 || res.status === 403) return new MailError('auth', stage, 'auth', message);
  // 410: Graph's answer to an expired delta link; like 404, what was referred to is gone.
  if (res.status === 404 || res.status === 410) return new MailError('not_found', stage, 'protocol', message);
  if (res.status === 429)
    return new MailError('rate_limited', stage, 'protocol', message, retryAfterMs(res.headers.get('retry-after')) ?? undefined);
  if (res.status >= 500) return new MailError('transient', stage, 'protocol', message);
  return new MailError('invalid', stage, 'protocol', message);
}

/** A form-encoded POST to an OAuth token endpoint (RFC 6749 §4.1.3, §6); errors are `auth` failures. */
export async function tokenRequest<T>(url: string, form: Record<string, string>, timeoutMs = 30_000): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(timeoutMs),
  }).catch(() => {
    throw connectFailure('oauth', 'unreachable');
  });
  const body = await readBody(res);
  if (!res.ok) {
    const kind = res.status >= 500 ? 'transient' : 'auth';
    throw new MailError(
      kind,
      'oauth',
      kind === 'auth' ? 'auth' : 'protocol',
      `OAuth token request failed: ${vendorErrorText(body) || res.status}`,
    );
  }
  return body as T;
}
