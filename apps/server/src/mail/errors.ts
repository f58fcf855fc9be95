import type { MailConnectReason, MailConnectStage } from '@app/shared/mail-settings';

/** DESIGN §3: provider errors are normalised; only transient ones are retried. */
export type MailErrorKind = 'auth' | 'transient' | 'rate_limited' | 'not_found' | 'invalid';

export class MailError extends Error {
  constructor(
    readonly kind: MailErrorKind,
    readonly stage: MailConnectStage,
    readonly reason: MailConnectReason,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_SSL|EPROTO|TLS|HOSTNAME_MISMATCH|ALTNAME/i;
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'ETIMEOUT',
  'ESOCKETTIMEDOUT',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
]);

const explanations: Record<MailConnectReason, string> = {
  auth: 'the username or password was refused',
  tls: 'the secure connection failed (certificate or TLS settings)',
  unreachable: 'the server could not be reached',
  timeout: 'the server did not answer in time',
  refused_host: 'this address is not allowed for mail servers',
  protocol: 'the server closed the connection or answered unexpectedly',
};

export function connectFailure(stage: MailConnectStage, reason: MailConnectReason): MailError {
  const kind: MailErrorKind = reason === 'auth' ? 'auth' : reason === 'refused_host' ? 'invalid' : 'transient';
  return new MailError(kind, stage, reason, `${stage.toUpperCase()} login failed: ${explanations[reason]}`);
}

type LowLevelError = Error & { code?: string; authenticationFailed?: boolean; responseCode?: number; responseStatus?: string };

/** Reads what went wrong from an imapflow or nodemailer error. */
export function classifyConnectError(stage: MailConnectStage, error: unknown): MailError {
  if (error instanceof MailError) return error;
  const e = (error ?? {}) as LowLevelError;
  const code = e.code ?? '';
  const text = `${code} ${e.message ?? ''}`;
  if (
    e.authenticationFailed ||
    code === 'EAUTH' ||
    e.responseCode === 535 ||
    /AUTHENTICATIONFAILED|authentication failed/i.test(text)
  ) {
    return connectFailure(stage, 'auth');
  }
  if (TIMEOUT_CODES.has(code) || /timed? ?out/i.test(e.message ?? '')) return connectFailure(stage, 'timeout');
  if (TLS_CODES.test(text) || code === 'ETLS') return connectFailure(stage, 'tls');
  if (UNREACHABLE_CODES.has(code) || code === 'ESOCKET' || code === 'ECONNECTION') {
    return connectFailure(stage, code === 'ECONNRESET' || code === 'ESOCKET' ? 'protocol' : 'unreachable');
  }
  return connectFailure(stage, 'protocol');
}

/**
 * A send that failed. `notSent` is true only when the server certainly never took the message
 * (no connection, login refused, recipients refused): only then may it be tried again. Otherwise
 * the message may have left, and the pipeline must not send it twice (DESIGN §5.3).
 */
export class SendFailure extends Error {
  constructor(
    readonly error: MailError,
    readonly notSent: boolean,
  ) {
    super(error.message);
  }
}

/** nodemailer codes raised before the message data was handed over. */
const BEFORE_DATA_CODES = new Set(['ECONNECTION', 'EAUTH', 'ETLS', 'EDNS', 'EENVELOPE', 'ECONNREFUSED', 'ENOTFOUND']);

export function sendFailure(error: unknown): SendFailure {
  const code = (error as LowLevelError | null)?.code ?? '';
  return new SendFailure(classifyConnectError('smtp', error), BEFORE_DATA_CODES.has(code));
}
