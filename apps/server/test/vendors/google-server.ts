import { randomBytes } from 'node:crypto';
import { sendJson, startOAuthServer, type OAuthServer } from './oauth-server';

/**
 * A local server in Google's wire format: the OAuth endpoints (`/o/oauth2/v2/auth`, `/token`) and
 * the Gmail API paths the adapter uses (`/gmail/v1/users/me/profile`, `…/labels`). Error bodies
 * follow https://developers.google.com/gmail/api/guides/handle-errors and RFC 6749 §5.2.
 */
export type GoogleServer = OAuthServer & { labels: { id: string; name: string; type: 'system' | 'user' }[] };

const googleError = (code: number, status: string, message: string, reason: string) => ({
  error: { code, message, errors: [{ message, domain: 'global', reason }], status },
});

export async function startGoogleServer(options: {
  clientId: string;
  clientSecret: string;
  emailAddress: string;
}): Promise<GoogleServer> {
  const labels: GoogleServer['labels'] = [
    ...['INBOX', 'SENT', 'DRAFT', 'SPAM', 'TRASH', 'STARRED', 'IMPORTANT', 'UNREAD', 'CHAT', 'CATEGORY_PERSONAL'].map((id) => ({
      id,
      name: id,
      type: 'system' as const,
    })),
    { id: 'Label_1', name: 'Receipts', type: 'user' },
  ];
  const server = await startOAuthServer({
    ...options,
    rotateRefreshTokens: false,
    oauthError: (error, description) => ({ error, error_description: description }),
    unauthenticated: () =>
      googleError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'authError',
      ),
    tooManyRequests: () => googleError(429, 'RESOURCE_EXHAUSTED', 'Too many concurrent requests for user.', 'rateLimitExceeded'),
    isAuthorize: (path) => path === '/o/oauth2/v2/auth',
    isToken: (path) => path === '/token',
    isRevoke: (path) => path === '/revoke',
    api({ method, url, body, res }) {
      const path = url.pathname;
      if (method === 'GET' && path === '/gmail/v1/users/me/profile') {
        return sendJson(res, 200, { emailAddress: options.emailAddress, messagesTotal: 0, threadsTotal: 0, historyId: '1000' });
      }
      if (method === 'GET' && path === '/gmail/v1/users/me/labels') {
        return sendJson(res, 200, {
          labels: labels.map((l) => ({
            ...l,
            ...(l.type === 'user' && { labelListVisibility: 'labelShow', messageListVisibility: 'show' }),
          })),
        });
      }
      if (method === 'POST' && path === '/gmail/v1/users/me/labels') {
        const given = (body as { name?: unknown }).name;
        const name = typeof given === 'string' ? given.trim() : '';
        if (!name) return sendJson(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Invalid label name', 'invalidArgument'));
        if (labels.some((l) => l.name.toLowerCase() === name.toLowerCase())) {
          return sendJson(res, 409, googleError(409, 'ABORTED', 'Label name exists or conflicts', 'duplicate'));
        }
        const label = { id: `Label_${randomBytes(4).toString('hex')}`, name, type: 'user' as const };
        labels.push(label);
        return sendJson(res, 200, { ...label, labelListVisibility: 'labelShow', messageListVisibility: 'show' });
      }
      return sendJson(res, 404, googleError(404, 'NOT_FOUND', 'Requested entity was not found.', 'notFound'));
    },
  });
  return Object.assign(server, { labels });
}
