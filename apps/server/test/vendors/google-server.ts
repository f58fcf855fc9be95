import { randomBytes } from 'node:crypto';
import { sendJson, startOAuthServer, SWITCH_ACCOUNT_PATH, type OAuthServer } from './oauth-server';

/**
 * A local server in Google's wire format: the OAuth endpoints (`/o/oauth2/v2/auth`, `/token`) and
 * the Gmail API paths the adapter uses (`/gmail/v1/users/me/profile`, `…/labels`, `…/messages`,
 * `…/history`, `…/watch`, `…/stop`). Error bodies
 * follow https://developers.google.com/gmail/api/guides/handle-errors and RFC 6749 §5.2.
 * With `pubsub` set it also plays Cloud Pub/Sub's push subscription on the watch's topic: each
 * change of a watched label is POSTed to the push endpoint with an OIDC token signed by the key
 * published at `/oauth2/v3/certs` (https://cloud.google.com/pubsub/docs/push).
 */
export type GoogleServer = OAuthServer & {
  labels: { id: string; name: string; type: 'system' | 'user' }[];
  /** The mailbox's messages, newest last; `sent` holds what `messages.send` was given. */
  messages: GmailStoredMessage[];
  sent: GmailStoredMessage[];
  drafts: GmailStoredMessage[];
  /** Gmail forgets history before this id: a `startHistoryId` under it answers 404. */
  history: { floor: number };
  /** Mail arriving as Gmail delivers it, with these labels. */
  deliver(raw: Buffer, labelIds?: string[]): GmailStoredMessage;
  /** Who signs in on the consent page: the claims of the ID tokens handed out from now on. */
  account: GoogleAccount;
  /** The topic and its push subscription, as configured in Google Cloud; null: no topic exists. */
  pubsub: PubSubPushConfig | null;
  /** The mailbox's `users.watch`, while one is on. */
  watch: { topicName: string; labelIds: string[]; labelFilterBehavior: string; expiration: number } | null;
  /** Every push delivered: the HTTP status the endpoint answered (0 when it could not be reached). */
  pushes: { messageId: string; status: number }[];
};

export interface PubSubPushConfig {
  topic: string;
  pushEndpoint: string;
  /** The OIDC token's `aud` (Pub/Sub's default: the endpoint) and `email`. */
  audience?: string;
  serviceAccountEmail: string;
}

export interface GoogleAccount {
  sub: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** One history record: a message added, or labels changed on one. */
interface HistoryRecord {
  id: number;
  type: 'messageAdded' | 'labelAdded';
  message: GmailStoredMessage;
}

export interface GmailStoredMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  raw: Buffer;
  internalDate: number;
}

/** Unfolded header fields of a raw message (the first occurrence of each name). */
function headersOf(raw: Buffer) {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const head = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const fields: { name: string; value: string }[] = [];
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return fields;
}

/** Gmail's `payload` skeleton: headers, and one part per `filename=` found (enough for attachment icons). */
function payloadOf(raw: Buffer, wanted: string[] | null) {
  const headers = headersOf(raw).filter((h) => !wanted || wanted.some((w) => w.toLowerCase() === h.name.toLowerCase()));
  const files = [...raw.toString('utf8').matchAll(/filename="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  return {
    mimeType: 'multipart/mixed',
    headers,
    parts: files.map((filename) => ({ mimeType: 'application/octet-stream', filename })),
  };
}

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
  let account: GoogleAccount = {
    sub: '1098765432101234567890',
    email: options.emailAddress,
    name: 'Google User',
    emailVerified: true,
  };
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
    // https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload
    idTokenClaims: ({ nonce, now }) => ({
      iss: 'https://accounts.google.com',
      azp: options.clientId,
      aud: options.clientId,
      sub: account.sub,
      email: account.email,
      email_verified: account.emailVerified,
      name: account.name,
      iat: now,
      exp: now + 3600,
      ...(nonce && { nonce }),
    }),
    publicApi: ({ method, url, body, res }, jwks) => {
      if (method === 'POST' && url.pathname === SWITCH_ACCOUNT_PATH) {
        account = { ...account, ...(body as Partial<GoogleAccount>) };
        sendJson(res, 200, account);
        return true;
      }
      if (method !== 'GET' || url.pathname !== '/oauth2/v3/certs') return false;
      sendJson(res, 200, jwks());
      return true;
    },
    api({ method, url, body, res }) {
      const path = url.pathname;
      if (method === 'GET' && path === '/gmail/v1/users/me/profile') {
        return sendJson(res, 200, {
          emailAddress: options.emailAddress,
          messagesTotal: messages.length,
          threadsTotal: messages.length,
          historyId: String(historyId),
        });
      }
      if (method === 'GET' && path === '/gmail/v1/users/me/history') return historyApi(url, res);
      if (method === 'POST' && path === '/gmail/v1/users/me/watch') return watchApi(body, res);
      if (method === 'POST' && path === '/gmail/v1/users/me/stop') {
        watch = null;
        res.writeHead(204);
        res.end();
        return;
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
      const messagePath = /^\/gmail\/v1\/users\/me\/messages(?:\/([^/]+))?(?:\/(trash))?$/.exec(path);
      if (messagePath) return messagesApi(method, url, body, res, messagePath[1], messagePath[2]);
      const labelPath = /^\/gmail\/v1\/users\/me\/labels\/([^/]+)$/.exec(path);
      if (method === 'GET' && labelPath) {
        const label = labels.find((l) => l.id === decodeURIComponent(labelPath[1]!));
        if (!label) return notFound(res);
        const inside = messages.filter((m) => m.labelIds.includes(label.id));
        return sendJson(res, 200, {
          ...label,
          messagesTotal: inside.length,
          messagesUnread: inside.filter((m) => m.labelIds.includes('UNREAD')).length,
          threadsTotal: inside.length,
          threadsUnread: inside.filter((m) => m.labelIds.includes('UNREAD')).length,
        });
      }
      // drafts.list and drafts.delete (https://developers.google.com/gmail/api/reference/rest/v1/users.drafts).
      if (method === 'GET' && path === '/gmail/v1/users/me/drafts') {
        const list = drafts.filter((d) => messages.includes(d));
        const start = Number(url.searchParams.get('pageToken') ?? 0);
        const size = Math.min(500, Number(url.searchParams.get('maxResults') ?? 100));
        const page = list.slice(start, start + size);
        return sendJson(res, 200, {
          ...(page.length && { drafts: page.map((m) => ({ id: `r-${m.id}`, message: { id: m.id, threadId: m.threadId } })) }),
          ...(start + size < list.length && { nextPageToken: String(start + size) }),
          resultSizeEstimate: list.length,
        });
      }
      const draftPath = /^\/gmail\/v1\/users\/me\/drafts\/r-([^/]+)$/.exec(path);
      if (method === 'DELETE' && draftPath) {
        const message = drafts.find((d) => d.id === decodeURIComponent(draftPath[1]!) && messages.includes(d));
        if (!message) return notFound(res);
        messages.splice(messages.indexOf(message), 1);
        res.writeHead(204);
        res.end();
        return;
      }
      if (method === 'POST' && path === '/gmail/v1/users/me/drafts') {
        const raw = Buffer.from(String((body as { message?: { raw?: string } }).message?.raw ?? ''), 'base64url');
        const message = store(raw, ['DRAFT']);
        drafts.push(message);
        return sendJson(res, 200, {
          id: `r-${message.id}`,
          message: { id: message.id, threadId: message.threadId, labelIds: message.labelIds },
        });
      }
      return notFound(res);
    },
  });
  const messages: GmailStoredMessage[] = [];
  const sent: GmailStoredMessage[] = [];
  const drafts: GmailStoredMessage[] = [];
  const records: HistoryRecord[] = [];
  const history = { floor: 0 };
  let historyId = 1000;
  const record = (type: HistoryRecord['type'], message: GmailStoredMessage) => {
    records.push({ id: ++historyId, type, message });
    if (watch && watch.expiration > Date.now() && message.labelIds.some((l) => watch!.labelIds.includes(l))) publish();
  };

  let pubsub: PubSubPushConfig | null = null;
  let watch: GoogleServer['watch'] = null;
  const pushes: GoogleServer['pushes'] = [];

  /** users.watch (https://developers.google.com/gmail/api/reference/rest/v1/users/watch). */
  function watchApi(body: unknown, res: Parameters<typeof sendJson>[0]) {
    const b = (body ?? {}) as { topicName?: unknown; labelIds?: unknown; labelFilterBehavior?: unknown };
    const topicName = typeof b.topicName === 'string' ? b.topicName : '';
    if (!/^projects\/[^/]+\/topics\/[^/]+$/.test(topicName))
      return sendJson(
        res,
        400,
        googleError(
          400,
          'INVALID_ARGUMENT',
          'Invalid topicName does not match projects/SOME-ANDROID-PROJECT/topics/*',
          'invalidArgument',
        ),
      );
    if (topicName !== pubsub?.topic)
      return sendJson(res, 404, googleError(404, 'NOT_FOUND', `Resource not found (resource=${topicName}).`, 'notFound'));
    const labelIds = Array.isArray(b.labelIds) ? b.labelIds.map(String) : [];
    const labelFilterBehavior = typeof b.labelFilterBehavior === 'string' ? b.labelFilterBehavior : 'include';
    watch = { topicName, labelIds, labelFilterBehavior, expiration: Date.now() + 7 * 24 * 60 * 60 * 1000 };
    return sendJson(res, 200, { historyId: String(historyId), expiration: String(watch.expiration) });
  }

  /** Pub/Sub's push of Gmail's notification: `{ message: { data, messageId, publishTime }, subscription }`. */
  function publish() {
    const config = pubsub;
    if (!config) return;
    const messageId = String(Date.now()) + randomBytes(3).toString('hex');
    const data = Buffer.from(JSON.stringify({ emailAddress: options.emailAddress, historyId })).toString('base64');
    const publishTime = new Date().toISOString();
    const now = Math.floor(Date.now() / 1000);
    const token = server.signJwt({
      aud: config.audience ?? config.pushEndpoint,
      azp: '113774264463038321964',
      email: config.serviceAccountEmail,
      email_verified: true,
      exp: now + 3600,
      iat: now,
      iss: 'https://accounts.google.com',
      sub: '113774264463038321964',
    });
    const subscription = config.topic.replace('/topics/', '/subscriptions/') + '-push';
    // Delivered after the API call that caused it has answered, as Pub/Sub does.
    setImmediate(() => {
      void fetch(config.pushEndpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: { data, messageId, message_id: messageId, publishTime, publish_time: publishTime },
          subscription,
        }),
      }).then(
        (res) => pushes.push({ messageId, status: res.status }),
        () => pushes.push({ messageId, status: 0 }),
      );
    });
  }

  /** users.history.list (https://developers.google.com/gmail/api/reference/rest/v1/users.history/list). */
  function historyApi(url: URL, res: Parameters<typeof sendJson>[0]) {
    const start = Number(url.searchParams.get('startHistoryId'));
    if (!url.searchParams.get('startHistoryId') || !Number.isInteger(start))
      return sendJson(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Invalid startHistoryId', 'invalidArgument'));
    if (start < history.floor) return notFound(res);
    const label = url.searchParams.get('labelId');
    const types = url.searchParams.getAll('historyTypes');
    const list = records.filter(
      (r) => r.id > start && (!types.length || types.includes(r.type)) && (!label || r.message.labelIds.includes(label)),
    );
    const offset = Number(url.searchParams.get('pageToken') ?? 0);
    const size = Math.min(500, Number(url.searchParams.get('maxResults') ?? 100));
    const page = list.slice(offset, offset + size).map((r) => {
      const ref = { id: r.message.id, threadId: r.message.threadId };
      const withLabels = { message: { ...ref, labelIds: r.message.labelIds } };
      return {
        id: String(r.id),
        messages: [ref],
        ...(r.type === 'messageAdded' ? { messagesAdded: [withLabels] } : { labelsAdded: [{ ...withLabels, labelIds: [] }] }),
      };
    });
    return sendJson(res, 200, {
      ...(page.length && { history: page }),
      ...(offset + size < list.length && { nextPageToken: String(offset + size) }),
      historyId: String(historyId),
    });
  }
  const notFound = (res: Parameters<typeof sendJson>[0]) =>
    sendJson(res, 404, googleError(404, 'NOT_FOUND', 'Requested entity was not found.', 'notFound'));

  function store(raw: Buffer, labelIds: string[]) {
    const id = randomBytes(8).toString('hex');
    const message = { id, threadId: id, labelIds: [...new Set(labelIds)], raw, internalDate: Date.now() + messages.length };
    messages.push(message);
    record('messageAdded', message);
    return message;
  }

  /** `q`: `rfc822msgid:` or words that must all appear in the message (Gmail's search, roughly). */
  function matches(message: GmailStoredMessage, q: string | null) {
    if (!q) return true;
    const msgid = /^rfc822msgid:(\S+)$/.exec(q.trim());
    if (msgid)
      return headersOf(message.raw).some(
        (h) => h.name.toLowerCase() === 'message-id' && h.value.replace(/^<|>$/g, '') === msgid[1],
      );
    const after = /^after:(\d+)$/.exec(q.trim());
    if (after) return message.internalDate >= Number(after[1]) * 1000;
    const text = message.raw.toString('utf8').toLowerCase();
    return q
      .toLowerCase()
      .split(/\s+/)
      .every((word) => text.includes(word));
  }

  function messagesApi(
    method: string,
    url: URL,
    body: unknown,
    res: Parameters<typeof sendJson>[0],
    id?: string,
    action?: string,
  ) {
    const b = (body ?? {}) as {
      raw?: string;
      labelIds?: string[];
      ids?: string[];
      addLabelIds?: string[];
      removeLabelIds?: string[];
    };
    if (!id && method === 'GET') {
      const label = url.searchParams.get('labelIds');
      const list = messages
        .filter((m) => (!label || m.labelIds.includes(label)) && matches(m, url.searchParams.get('q')))
        .sort((x, y) => y.internalDate - x.internalDate);
      const start = Number(url.searchParams.get('pageToken') ?? 0);
      const size = Math.min(500, Number(url.searchParams.get('maxResults') ?? 100));
      const page = list.slice(start, start + size);
      return sendJson(res, 200, {
        ...(page.length && { messages: page.map((m) => ({ id: m.id, threadId: m.threadId })) }),
        ...(start + size < list.length && { nextPageToken: String(start + size) }),
        resultSizeEstimate: list.length,
      });
    }
    if (!id && method === 'POST') {
      const raw = Buffer.from(String(b.raw ?? ''), 'base64url');
      const message = store(raw, b.labelIds ?? ['INBOX']);
      return sendJson(res, 200, { id: message.id, threadId: message.threadId, labelIds: message.labelIds });
    }
    if (id === 'send' && method === 'POST') {
      const message = store(Buffer.from(String(b.raw ?? ''), 'base64url'), ['SENT']);
      sent.push(message);
      return sendJson(res, 200, { id: message.id, threadId: message.threadId, labelIds: message.labelIds });
    }
    if (id === 'batchModify' && method === 'POST') {
      for (const m of messages.filter((x) => b.ids?.includes(x.id))) {
        m.labelIds = [...new Set([...m.labelIds.filter((l) => !b.removeLabelIds?.includes(l)), ...(b.addLabelIds ?? [])])];
        record('labelAdded', m);
      }
      res.writeHead(204);
      res.end();
      return;
    }
    const message = messages.find((m) => m.id === id);
    if (!message) return notFound(res);
    if (action === 'trash' && method === 'POST') {
      message.labelIds = [...message.labelIds.filter((l) => l !== 'INBOX' && l !== 'SPAM'), 'TRASH'];
      record('labelAdded', message);
      return sendJson(res, 200, { id: message.id, threadId: message.threadId, labelIds: message.labelIds });
    }
    if (method === 'GET') {
      const format = url.searchParams.get('format') ?? 'full';
      const common = {
        id: message.id,
        threadId: message.threadId,
        labelIds: message.labelIds,
        sizeEstimate: message.raw.length,
        internalDate: String(message.internalDate),
      };
      if (format === 'raw') return sendJson(res, 200, { ...common, raw: message.raw.toString('base64url') });
      const wanted = url.searchParams.getAll('metadataHeaders');
      return sendJson(res, 200, {
        ...common,
        payload: payloadOf(message.raw, format === 'metadata' && wanted.length ? wanted : null),
      });
    }
    return notFound(res);
  }

  const deliver = (raw: Buffer, labelIds = ['INBOX', 'UNREAD']) => store(raw, labelIds);
  const double = Object.assign(server, { labels, messages, sent, drafts, history, deliver, pushes });
  // Tests switch the signed-in person by assigning `account`, set up Pub/Sub by assigning `pubsub`.
  return Object.defineProperties(double, {
    account: {
      get: () => account,
      set: (next: GoogleAccount) => {
        account = next;
      },
      enumerable: true,
    },
    pubsub: {
      get: () => pubsub,
      set: (next: PubSubPushConfig | null) => {
        pubsub = next;
      },
      enumerable: true,
    },
    watch: { get: () => watch, enumerable: true },
  }) as typeof double & Pick<GoogleServer, 'account' | 'pubsub' | 'watch'>;
}
