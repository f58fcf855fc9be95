import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { sendJson, startOAuthServer, SWITCH_ACCOUNT_PATH, type OAuthServer } from './oauth-server';

/**
 * A local server in Microsoft's wire format: the identity platform's v2.0 endpoints
 * (`/{tenant}/oauth2/v2.0/authorize|token`, rotating refresh tokens) and the Graph paths the adapter
 * uses (`/v1.0/me`, `/v1.0/me/mailFolders…`), with Graph's error shape
 * (https://learn.microsoft.com/graph/errors) and paging through `@odata.nextLink`. Change
 * notifications (https://learn.microsoft.com/graph/change-notifications-delivery-webhooks): `/subscriptions`
 * create (after the validation handshake with the notification URL and the lifecycle notification
 * URL), renew (which also reauthorizes), delete, and a POST of the notification when a message
 * arrives in a subscribed folder; lifecycle notifications
 * (https://learn.microsoft.com/graph/change-notifications-lifecycle-events) when a test calls
 * `lifecycle`. Unlike Graph, a notification URL on the loopback host may be plain http (the tests'
 * app has no certificate).
 */
export interface GraphFolder {
  id: string;
  displayName: string;
  parentFolderId: string | null;
  wellKnown?: string;
}
export interface GraphStoredMessage {
  id: string;
  folderId: string;
  raw: Buffer;
  isRead: boolean;
  flagged: boolean;
  /** Outlook categories (names), as `categories` on the message resource. */
  categories?: string[];
  /** Created through `POST /me/messages` and never sent: Graph's `isDraft`. */
  isDraft?: boolean;
  received: number;
  /** Change counters for delta: when it came into its folder, when it last changed. */
  arrivedAt: number;
  changedAt: number;
}
export type MicrosoftServer = OAuthServer & {
  folders: GraphFolder[];
  messages: GraphStoredMessage[];
  sent: GraphStoredMessage[];
  /** Every delta and skip token handed out so far expires: using one answers 410. */
  expireDeltaTokens(): void;
  /**
   * Mail arriving in a folder as Exchange delivers it. Not Graph's: `notify: false` loses its change
   * notifications, as throttling does (what a `missed` lifecycle notification then reports).
   */
  deliver(folderId: string, raw: Buffer, options?: { notify?: boolean }): GraphStoredMessage;
  /** Who signs in on the consent page: the claims of the ID tokens handed out from now on. */
  account: MicrosoftAccount;
  subscriptions: GraphSubscription[];
  /** Every notification posted: the HTTP status the endpoint answered (0 when it could not be reached). */
  notifications: { subscriptionId: string; status: number }[];
  /**
   * Graph sends the subscription's lifecycle notification: `subscriptionRemoved` removes it first,
   * `reauthorizationRequired` leaves it waiting for a renewal (PATCH). Resolves with the
   * status the lifecycle URL answered (0 when it could not be reached).
   */
  lifecycle(subscriptionId: string, event: GraphLifecycleEvent): Promise<number>;
  lifecycleNotifications: { subscriptionId: string; lifecycleEvent: GraphLifecycleEvent; status: number }[];
  /** Every `$value` answer: the bytes written so far, and how it ended. */
  valueReads: ValueRead[];
  /**
   * Not Graph's: while set, `$value` bodies stop after `afterBytes` bytes until `release` settles, so
   * a test can watch the reader work on a body still arriving.
   */
  valueGate: { afterBytes: number; release: Promise<void> } | null;
};

export interface ValueRead {
  id: string;
  sent: number;
  /** `abandoned`: the reader closed the connection before the end of the body. */
  outcome: 'sending' | 'complete' | 'abandoned';
}

/** `$value` bodies go out in chunks of this size with back-pressure (no Content-Length), as a long body arrives. */
const VALUE_CHUNK_BYTES = 64 * 1024;

export type GraphLifecycleEvent = 'reauthorizationRequired' | 'subscriptionRemoved' | 'missed';

export interface GraphSubscription {
  id: string;
  changeType: string;
  notificationUrl: string;
  lifecycleNotificationUrl: string | null;
  /** Set by a `reauthorizationRequired` notification, cleared by a renewal (PATCH). */
  reauthorizationRequired: boolean;
  resource: string;
  folderId: string;
  clientState: string | null;
  expirationDateTime: string;
}

/** Graph's limit for subscriptions to Outlook messages. */
const MAX_MAIL_SUBSCRIPTION_MINUTES = 10_080;

export interface MicrosoftAccount {
  /** The object id, stable per user and tenant; `tid` the directory. */
  oid: string;
  tid: string;
  email: string;
  name: string;
  /** False: the ID token leaves out `verified_primary_email` (an address Microsoft does not vouch for). */
  emailVerified?: boolean;
}

/** What a delta token or skip token carries: folder, change number, options of the first request. */
interface DeltaState {
  folder: string;
  /** Changes after this number are reported; null in the first round (everything in the folder). */
  after: number | null;
  /** The change number the round reads up to. */
  upTo: number;
  offset: number;
  /** Serial number of the token, for expiry. */
  issued: number;
  changeType: string | null;
  receivedGe: string | null;
  select: string | null;
}

/** Unfolded header fields of a raw message. */
function headersOf(raw: Buffer) {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const head = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const fields = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

const recipients = (value: string | undefined) =>
  (value ?? '').split(',').flatMap((part) => {
    const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(part) ?? /^\s*()(\S+@\S+)\s*$/.exec(part);
    return m ? [{ emailAddress: { name: m[1]!.trim() || m[2]!, address: m[2]! } }] : [];
  });

const drainedOrClosed = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

const graphError = (code: string, message: string) => ({
  error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': randomBytes(8).toString('hex') } },
});

export async function startMicrosoftServer(options: {
  clientId: string;
  clientSecret: string;
  mail: string;
}): Promise<MicrosoftServer> {
  const ROOT = 'root-folder';
  const folders: GraphFolder[] = [
    ['inbox', 'Inbox'],
    ['drafts', 'Drafts'],
    ['sentitems', 'Sent Items'],
    ['deleteditems', 'Deleted Items'],
    ['junkemail', 'Junk Email'],
    ['archive', 'Archive'],
  ].map(([wellKnown, displayName]) => ({ id: `AAMk-${wellKnown}`, displayName: displayName!, parentFolderId: ROOT, wellKnown }));

  const view = (f: GraphFolder) => ({
    id: f.id,
    displayName: f.displayName,
    parentFolderId: f.parentFolderId,
    childFolderCount: folders.filter((c) => c.parentFolderId === f.id).length,
    unreadItemCount: messages.filter((m) => m.folderId === f.id && !m.isRead).length,
    totalItemCount: messages.filter((m) => m.folderId === f.id).length,
    isHidden: false,
  });
  const find = (idOrName: string) => folders.find((f) => f.id === idOrName || f.wellKnown === idOrName.toLowerCase());
  const messages: GraphStoredMessage[] = [];
  const sent: GraphStoredMessage[] = [];
  /** Messages that left a folder (moved or deleted), for delta's `@removed` entries. */
  const departures: { id: string; folderId: string; at: number }[] = [];
  let changeNumber = 0;
  let tokensIssued = 0;
  let validTokensFrom = 0;

  function graphMessage(m: GraphStoredMessage) {
    const h = headersOf(m.raw);
    return {
      id: m.id,
      internetMessageId: h.get('message-id') ?? null,
      subject: h.get('subject') ?? '',
      from: recipients(h.get('from'))[0] ?? null,
      toRecipients: recipients(h.get('to')),
      ccRecipients: recipients(h.get('cc')),
      receivedDateTime: new Date(m.received).toISOString(),
      isRead: m.isRead,
      flag: { flagStatus: m.flagged ? 'flagged' : 'notFlagged' },
      categories: m.categories ?? [],
      hasAttachments: /content-disposition:\s*attachment/i.test(m.raw.toString('utf8')),
      isDraft: m.isDraft ?? false,
      parentFolderId: m.folderId,
    };
  }

  function store(folderId: string, raw: Buffer, isRead: boolean, notify = true) {
    const at = ++changeNumber;
    const message = {
      id: `AAMkMsg-${randomBytes(6).toString('hex')}`,
      folderId,
      raw,
      isRead,
      flagged: false,
      received: Date.now(),
      arrivedAt: at,
      changedAt: at,
    };
    messages.push(message);
    if (notify) notifyArrival(message);
    return message;
  }

  const subscriptions: GraphSubscription[] = [];
  const notifications: MicrosoftServer['notifications'] = [];
  const lifecycleNotifications: MicrosoftServer['lifecycleNotifications'] = [];

  const subscriptionView = (s: GraphSubscription, origin: string) => ({
    '@odata.context': `${origin}/v1.0/$metadata#subscriptions/$entity`,
    id: s.id,
    resource: s.resource,
    applicationId: options.clientId,
    changeType: s.changeType,
    clientState: s.clientState,
    notificationUrl: s.notificationUrl,
    lifecycleNotificationUrl: s.lifecycleNotificationUrl,
    expirationDateTime: s.expirationDateTime,
    creatorId: 'user-1',
    latestSupportedTlsVersion: 'v1_2',
    notificationContentType: 'application/json',
  });

  /** An expiry Graph accepts for mail: in the future, at most 10 080 minutes away; else the error text. */
  function badExpiry(value: unknown) {
    const at = typeof value === 'string' ? Date.parse(value) : NaN;
    if (Number.isNaN(at)) return 'expirationDateTime is required and must be a date.';
    if (at <= Date.now()) return 'Subscription expiration must be in the future.';
    if (at > Date.now() + MAX_MAIL_SUBSCRIPTION_MINUTES * 60_000)
      return `Subscription expiration can only be ${MAX_MAIL_SUBSCRIPTION_MINUTES} minutes in the future.`;
    return null;
  }

  /** The validation handshake: the token must come back, as text, with 200, within 10 s. */
  async function validates(notificationUrl: string) {
    const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomBytes(8).toString('hex')}`;
    const url = new URL(notificationUrl);
    url.searchParams.set('validationToken', token);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        signal: AbortSignal.timeout(10_000),
      });
      return (
        res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/plain') && (await res.text()) === token
      );
    } catch {
      return false;
    }
  }

  /** A URL Graph posts to: https, or (unlike Graph) plain http on the loopback host; else ''. */
  function postableUrl(value: unknown) {
    const target = typeof value === 'string' && URL.canParse(value) ? new URL(value) : null;
    return target && (target.protocol === 'https:' || ['127.0.0.1', 'localhost'].includes(target.hostname)) ? String(value) : '';
  }

  const validationFailed = (res: Parameters<typeof sendJson>[0]) =>
    sendJson(
      res,
      400,
      graphError(
        'ValidationError',
        'Subscription validation request failed. Response must exactly match validationToken query parameter.',
      ),
    );

  /**
   * subscription: create, update, delete (https://learn.microsoft.com/graph/api/resources/subscription).
   * The lifecycle URL is given at creation only (https://learn.microsoft.com/graph/change-notifications-lifecycle-events).
   */
  async function subscriptionsApi(method: string, path: string, url: URL, body: unknown, res: Parameters<typeof sendJson>[0]) {
    const b = (body ?? {}) as Record<string, unknown>;
    const id = /^\/subscriptions\/([^/]+)$/.exec(path)?.[1];
    if (method === 'POST' && !id) {
      const resource = typeof b.resource === 'string' ? b.resource : '';
      const folderKey = /^\/?me\/mailFolders\('((?:[^']|'')+)'\)\/messages$/.exec(resource)?.[1]?.replace(/''/g, "'");
      const folder = folderKey ? find(folderKey) : undefined;
      if (!folder) return sendJson(res, 400, graphError('InvalidRequest', `Resource '${resource}' is not supported.`));
      const changeType = typeof b.changeType === 'string' ? b.changeType : '';
      if (!changeType || changeType.split(',').some((c) => !['created', 'updated', 'deleted'].includes(c)))
        return sendJson(res, 400, graphError('InvalidRequest', 'changeType is invalid.'));
      const notificationUrl = postableUrl(b.notificationUrl);
      if (!notificationUrl) return sendJson(res, 400, graphError('InvalidRequest', 'NotificationUrl must be an https address.'));
      const lifecycleNotificationUrl = b.lifecycleNotificationUrl == null ? null : postableUrl(b.lifecycleNotificationUrl);
      if (lifecycleNotificationUrl === '')
        return sendJson(res, 400, graphError('InvalidRequest', 'LifecycleNotificationUrl must be an https address.'));
      const clientState = typeof b.clientState === 'string' ? b.clientState : null;
      if (clientState && clientState.length > 128)
        return sendJson(res, 400, graphError('InvalidRequest', 'clientState must be at most 128 characters.'));
      const expiryError = badExpiry(b.expirationDateTime);
      if (expiryError) return sendJson(res, 400, graphError('InvalidRequest', expiryError));
      // Both endpoints are validated (change-notifications-delivery-webhooks#notificationurl-validation).
      if (!(await validates(notificationUrl))) return validationFailed(res);
      if (lifecycleNotificationUrl && !(await validates(lifecycleNotificationUrl))) return validationFailed(res);
      const subscription: GraphSubscription = {
        id: randomUUID(),
        changeType,
        notificationUrl,
        lifecycleNotificationUrl,
        reauthorizationRequired: false,
        resource,
        folderId: folder.id,
        clientState,
        expirationDateTime: new Date(Date.parse(String(b.expirationDateTime))).toISOString(),
      };
      subscriptions.push(subscription);
      return sendJson(res, 201, subscriptionView(subscription, url.origin));
    }
    const subscription = subscriptions.find((s) => s.id === id);
    if (!subscription)
      return sendJson(res, 404, graphError('ResourceNotFound', `The object was not found. Subscription '${id ?? ''}'.`));
    if (method === 'PATCH') {
      const expiryError = badExpiry(b.expirationDateTime);
      if (expiryError) return sendJson(res, 400, graphError('InvalidRequest', expiryError));
      subscription.expirationDateTime = new Date(Date.parse(String(b.expirationDateTime))).toISOString();
      // Renewing also reauthorizes (change-notifications-lifecycle-events#responding-to-reauthorizationrequired-notifications).
      subscription.reauthorizationRequired = false;
      return sendJson(res, 200, subscriptionView(subscription, url.origin));
    }
    if (method === 'DELETE') {
      subscriptions.splice(subscriptions.indexOf(subscription), 1);
      res.writeHead(204);
      res.end();
      return;
    }
    if (method === 'GET') return sendJson(res, 200, subscriptionView(subscription, url.origin));
    return sendJson(res, 405, graphError('MethodNotAllowed', 'The method is not allowed.'));
  }

  /** A message that came into a folder: one notification per live `created` subscription to it. */
  function notifyArrival(message: GraphStoredMessage) {
    const live = subscriptions.filter(
      (s) =>
        s.folderId === message.folderId &&
        s.changeType.split(',').includes('created') &&
        Date.parse(s.expirationDateTime) > Date.now(),
    );
    for (const s of live) {
      const resource = `Users/user-1/Messages/${message.id}`;
      const notification = {
        subscriptionId: s.id,
        subscriptionExpirationDateTime: s.expirationDateTime,
        changeType: 'created',
        resource,
        resourceData: {
          '@odata.type': '#Microsoft.Graph.Message',
          '@odata.id': resource,
          '@odata.etag': `W/"${randomBytes(8).toString('hex')}"`,
          id: message.id,
        },
        clientState: s.clientState,
        tenantId: account.tid,
      };
      // Posted after the change has been answered, as Graph does.
      setImmediate(() => {
        void fetch(s.notificationUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ value: [notification] }),
        }).then(
          (res) => notifications.push({ subscriptionId: s.id, status: res.status }),
          () => notifications.push({ subscriptionId: s.id, status: 0 }),
        );
      });
    }
  }

  /** A lifecycle notification, in the shape of a change notification collection, to the subscription's lifecycle URL. */
  async function lifecycle(subscriptionId: string, lifecycleEvent: GraphLifecycleEvent) {
    const subscription = subscriptions.find((s) => s.id === subscriptionId);
    if (!subscription?.lifecycleNotificationUrl) throw new Error(`No subscription ${subscriptionId} with a lifecycle URL`);
    if (lifecycleEvent === 'subscriptionRemoved') subscriptions.splice(subscriptions.indexOf(subscription), 1);
    if (lifecycleEvent === 'reauthorizationRequired') subscription.reauthorizationRequired = true;
    const notification = {
      subscriptionId,
      subscriptionExpirationDateTime: subscription.expirationDateTime,
      tenantId: account.tid,
      clientState: subscription.clientState,
      lifecycleEvent,
    };
    const status = await fetch(subscription.lifecycleNotificationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ value: [notification] }),
      signal: AbortSignal.timeout(10_000),
    }).then(
      (res) => res.status,
      () => 0,
    );
    lifecycleNotifications.push({ subscriptionId, lifecycleEvent, status });
    return status;
  }

  const valueReads: ValueRead[] = [];
  let valueGate: MicrosoftServer['valueGate'] = null;

  /**
   * message: get with `$value` (https://learn.microsoft.com/graph/outlook-get-mime-message): the
   * MIME source as stored, bytes untouched, as `text/plain`.
   */
  async function sendValue(message: GraphStoredMessage, res: ServerResponse) {
    const read: ValueRead = { id: message.id, sent: 0, outcome: 'sending' };
    valueReads.push(read);
    let closed = false;
    res.once('finish', () => (read.outcome = 'complete'));
    res.once('close', () => {
      closed = true;
      if (read.outcome === 'sending') read.outcome = 'abandoned';
    });
    res.writeHead(200, { 'content-type': 'text/plain' });
    const gate = valueGate;
    let held = false;
    for (let at = 0; at < message.raw.length && !closed; at += VALUE_CHUNK_BYTES) {
      if (gate && !held && at >= gate.afterBytes) {
        held = true;
        await gate.release;
        if (closed) break;
      }
      const chunk = message.raw.subarray(at, at + VALUE_CHUNK_BYTES);
      read.sent += chunk.length;
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
    if (!closed) res.end();
  }

  const notFound = (res: Parameters<typeof sendJson>[0]) =>
    sendJson(res, 404, graphError('ErrorItemNotFound', 'The specified object was not found in the store.'));

  /**
   * message: delta (https://learn.microsoft.com/graph/api/message-delta): a first round lists the
   * folder (optionally only mail received from `$filter=receivedDateTime ge …`), later rounds what
   * changed after the round's delta token; `changeType=created` keeps only arrivals. Pages follow
   * `Prefer: odata.maxpagesize` (default 10); options of the first request ride in the tokens.
   */
  function deltaApi(folderIdOrName: string, url: URL, res: Parameters<typeof sendJson>[0], headers: IncomingHttpHeaders) {
    const folder = find(folderIdOrName);
    if (!folder) return notFound(res);
    const token = url.searchParams.get('$deltatoken') ?? url.searchParams.get('$skiptoken');
    let state: DeltaState;
    if (token) {
      state = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as DeltaState;
      if (state.folder !== folder.id) return sendJson(res, 400, graphError('BadRequest', 'The state token is invalid.'));
      if (url.searchParams.has('$deltatoken')) state = { ...state, after: state.upTo, upTo: changeNumber, offset: 0 };
      if (state.issued < validTokensFrom)
        return sendJson(res, 410, graphError('SyncStateNotFound', 'The sync state could not be found; sync again from scratch.'));
    } else {
      const filter = url.searchParams.get('$filter');
      const ge = filter ? /^receivedDateTime ge (\S+)$/.exec(filter)?.[1] : null;
      if (filter && !ge) return sendJson(res, 400, graphError('BadRequest', 'The $filter is not supported for delta.'));
      state = {
        folder: folder.id,
        after: null,
        upTo: changeNumber,
        offset: 0,
        issued: 0,
        changeType: url.searchParams.get('changeType'),
        receivedGe: ge ?? null,
        select: url.searchParams.get('$select'),
      };
    }
    const inRange = (at: number) => (state.after === null || at > state.after) && at <= state.upTo;
    const received = (m: GraphStoredMessage) => !state.receivedGe || m.received >= Date.parse(state.receivedGe);
    const here = messages.filter((m) => m.folderId === folder.id && received(m));
    const entries: object[] = [
      ...here
        .filter((m) => inRange(m.arrivedAt) || (state.changeType !== 'created' && inRange(m.changedAt)))
        .sort((a, b) => a.arrivedAt - b.arrivedAt)
        .map((m) => selected(graphMessage(m), state.select)),
      ...(state.after === null || state.changeType === 'created'
        ? []
        : departures
            .filter((d) => d.folderId === folder.id && inRange(d.at))
            .map((d) => ({ '@odata.type': '#microsoft.graph.message', id: d.id, '@removed': { reason: 'deleted' } }))),
    ];
    const size = Number(/odata\.maxpagesize=(\d+)/.exec(String(headers.prefer ?? ''))?.[1] ?? 10);
    const value = entries.slice(state.offset, state.offset + size);
    const link = new URL(`${url.origin}/v1.0/me/mailFolders('${folder.id}')/messages/delta`);
    const more = state.offset + size < entries.length;
    const next: DeltaState = { ...state, offset: more ? state.offset + size : state.offset, issued: ++tokensIssued };
    link.searchParams.set(more ? '$skiptoken' : '$deltatoken', Buffer.from(JSON.stringify(next)).toString('base64url'));
    sendJson(res, 200, {
      '@odata.context': `${url.origin}/v1.0/$metadata#Collection(message)`,
      value,
      [more ? '@odata.nextLink' : '@odata.deltaLink']: link.toString(),
    });
  }

  const selected = (message: Record<string, unknown>, select: string | null) =>
    select
      ? Object.fromEntries(Object.entries(message).filter(([key]) => key === 'id' || select.split(',').includes(key)))
      : message;

  /** The message paths the adapter uses (MIME in `/$value`, `POST /me/messages` and `/me/sendMail` as base64 text). */
  function messagesApi(
    method: string,
    path: string,
    url: URL,
    body: unknown,
    res: Parameters<typeof sendJson>[0],
    headers: IncomingHttpHeaders,
  ): boolean {
    const mimeBody = () => Buffer.from(typeof body === 'string' ? body : '', 'base64');
    if (method === 'POST' && path === '/me/sendMail') {
      const message = store('AAMk-sentitems', mimeBody(), true);
      sent.push(message);
      res.writeHead(202);
      res.end();
      return true;
    }
    if (method === 'POST' && path === '/me/messages') {
      sendJson(res, 201, graphMessage(Object.assign(store('AAMk-drafts', mimeBody(), true), { isDraft: true })));
      return true;
    }
    const deltaPath = /^\/me\/mailFolders\/([^/]+)\/messages\/delta$/.exec(path);
    if (method === 'GET' && deltaPath) return (deltaApi(decodeURIComponent(deltaPath[1]!), url, res, headers), true);
    const listed = /^\/me\/mailFolders\/([^/]+)\/messages$/.exec(path);
    if (method === 'GET' && listed) {
      const folder = find(decodeURIComponent(listed[1]!));
      if (!folder) return (notFound(res), true);
      const search = url.searchParams.get('$search')?.replace(/"/g, '').toLowerCase();
      const filter = /internetMessageId eq '(.+)'/.exec(url.searchParams.get('$filter') ?? '')?.[1]?.replace(/''/g, "'");
      const list = messages
        .filter((m) => m.folderId === folder.id)
        .filter((m) => !search || m.raw.toString('utf8').toLowerCase().includes(search))
        .filter((m) => !filter || headersOf(m.raw).get('message-id') === filter)
        .sort((a, b) => b.received - a.received || b.arrivedAt - a.arrivedAt);
      const top = Number(url.searchParams.get('$top') ?? 10);
      const skip = Number(url.searchParams.get('$skip') ?? 0);
      const next = new URL(url);
      next.searchParams.set('$skip', String(skip + top));
      sendJson(res, 200, {
        value: list.slice(skip, skip + top).map(graphMessage),
        ...(skip + top < list.length && { '@odata.nextLink': next.toString() }),
      });
      return true;
    }
    const one = /^\/me\/messages\/([^/]+)(?:\/(\$value|move|permanentDelete))?$/.exec(path);
    if (!one) return false;
    const message = messages.find((m) => m.id === decodeURIComponent(one[1]!));
    if (!message) return (notFound(res), true);
    const action = one[2];
    const b = (body ?? {}) as { isRead?: boolean; flag?: { flagStatus?: string }; categories?: string[]; destinationId?: string };
    if (method === 'GET' && action === '$value') {
      void sendValue(message, res);
    } else if (method === 'GET' && !action) {
      sendJson(res, 200, graphMessage(message));
    } else if (method === 'PATCH' && !action) {
      if (typeof b.isRead === 'boolean') message.isRead = b.isRead;
      if (b.flag?.flagStatus) message.flagged = b.flag.flagStatus === 'flagged';
      // Graph replaces the whole collection with what the PATCH gives.
      if (Array.isArray(b.categories)) message.categories = b.categories.filter((c) => typeof c === 'string');
      message.changedAt = ++changeNumber;
      sendJson(res, 200, graphMessage(message));
    } else if (method === 'POST' && action === 'move') {
      const target = find(b.destinationId ?? '');
      if (!target) return (notFound(res), true);
      departures.push({ id: message.id, folderId: message.folderId, at: ++changeNumber });
      message.folderId = target.id;
      message.arrivedAt = message.changedAt = ++changeNumber;
      notifyArrival(message);
      sendJson(res, 201, graphMessage(message));
    } else if (method === 'POST' && action === 'permanentDelete') {
      messages.splice(messages.indexOf(message), 1);
      departures.push({ id: message.id, folderId: message.folderId, at: ++changeNumber });
      res.writeHead(204);
      res.end();
    } else {
      sendJson(res, 405, graphError('MethodNotAllowed', 'The method is not allowed.'));
    }
    return true;
  }

  function page(url: URL, list: GraphFolder[]) {
    const top = Number(url.searchParams.get('$top') ?? 10);
    const skip = Number(url.searchParams.get('$skip') ?? 0);
    const value = list.slice(skip, skip + top).map(view);
    const next = new URL(url);
    next.searchParams.set('$skip', String(skip + top));
    return { value, ...(skip + top < list.length && { '@odata.nextLink': next.toString() }) };
  }

  let account: MicrosoftAccount = {
    oid: '00000000-0000-0000-66f3-3332eca7ea81',
    tid: '72f988bf-86f1-41af-91ab-2d7cd011db47',
    email: options.mail,
    name: 'Microsoft User',
  };
  const server = await startOAuthServer({
    ...options,
    rotateRefreshTokens: true,
    oauthError: (error, description) => ({
      error,
      error_description: `AADSTS70000: ${description}`,
      error_codes: [70000],
      timestamp: new Date().toISOString(),
      trace_id: randomBytes(8).toString('hex'),
      correlation_id: randomBytes(8).toString('hex'),
    }),
    unauthenticated: () => graphError('InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'),
    tooManyRequests: () => graphError('TooManyRequests', 'Please retry again later.'),
    isAuthorize: (path) => /^\/[^/]+\/oauth2\/v2\.0\/authorize$/.test(path),
    isToken: (path) => /^\/[^/]+\/oauth2\/v2\.0\/token$/.test(path),
    // https://learn.microsoft.com/entra/identity-platform/id-token-claims-reference (v2.0). This
    // server is the authority, so the issuer is under its own origin as for a national cloud;
    // `verified_primary_email` is the optional claim that says the address is verified.
    idTokenClaims: ({ nonce, now }) => ({
      ver: '2.0',
      iss: `${server.baseUrl}/${account.tid}/v2.0`,
      aud: options.clientId,
      sub: `pairwise-${account.oid}`,
      oid: account.oid,
      tid: account.tid,
      email: account.email,
      preferred_username: account.email,
      ...(account.emailVerified !== false && { verified_primary_email: [account.email] }),
      name: account.name,
      iat: now,
      nbf: now,
      exp: now + 3600,
      ...(nonce && { nonce }),
    }),
    publicApi: ({ method, url, body, res }, jwks) => {
      // Not Microsoft's: how a test in another process chooses who signs in next.
      if (method === 'POST' && url.pathname === SWITCH_ACCOUNT_PATH) {
        account = { ...account, ...(body as Partial<MicrosoftAccount>) };
        sendJson(res, 200, account);
        return true;
      }
      if (method !== 'GET' || !/^\/[^/]+\/discovery\/v2\.0\/keys$/.test(url.pathname)) return false;
      sendJson(res, 200, jwks());
      return true;
    },
    api({ method, url, headers, body, res }) {
      // Graph also addresses an item by key in parentheses: mailFolders('id').
      const path = url.pathname.replace(/^\/v1\.0/, '').replace(/\('([^']+)'\)/g, '/$1');
      if (method === 'GET' && path === '/me') {
        return sendJson(res, 200, {
          id: 'user-1',
          displayName: 'Test User',
          mail: options.mail,
          userPrincipalName: options.mail,
        });
      }
      if (path === '/subscriptions' || path.startsWith('/subscriptions/')) return subscriptionsApi(method, path, url, body, res);
      if (messagesApi(method, path, url, body, res, headers)) return;
      const match = /^\/me\/mailFolders(?:\/([^/]+))?(\/childFolders)?$/.exec(path);
      if (!match) return sendJson(res, 400, graphError('BadRequest', `Resource not found for the segment '${path}'.`));
      const [, id, childFolders] = match;
      const parent = id ? find(decodeURIComponent(id)) : undefined;
      if (id && !parent)
        return sendJson(res, 404, graphError('ErrorItemNotFound', 'The specified object was not found in the store.'));
      const parentId = parent?.id ?? ROOT;
      if (method === 'GET' && (!id || childFolders))
        return sendJson(
          res,
          200,
          page(
            url,
            folders.filter((f) => f.parentFolderId === parentId),
          ),
        );
      if (method === 'GET') return sendJson(res, 200, view(parent!));
      if (method === 'POST' && (!id || childFolders)) {
        const given = (body as { displayName?: unknown }).displayName;
        const displayName = typeof given === 'string' ? given.trim() : '';
        if (folders.some((f) => f.parentFolderId === parentId && f.displayName.toLowerCase() === displayName.toLowerCase())) {
          return sendJson(res, 409, graphError('ErrorFolderExists', 'A folder with the specified name already exists.'));
        }
        const folder = { id: `AAMk-${randomBytes(6).toString('hex')}`, displayName, parentFolderId: parentId };
        folders.push(folder);
        return sendJson(res, 201, view(folder));
      }
      return sendJson(res, 405, graphError('MethodNotAllowed', 'The method is not allowed.'));
    },
  });
  const deliver = (folderId: string, raw: Buffer, options?: { notify?: boolean }) =>
    store(find(folderId)?.id ?? folderId, raw, false, options?.notify ?? true);
  const expireDeltaTokens = () => {
    validTokensFrom = tokensIssued + 1;
  };
  const double = Object.assign(server, {
    folders,
    messages,
    sent,
    deliver,
    expireDeltaTokens,
    subscriptions,
    notifications,
    lifecycle,
    lifecycleNotifications,
    valueReads,
  });
  // Tests switch the signed-in person by assigning `account`, and hold `$value` bodies with `valueGate`.
  return Object.defineProperties(double, {
    account: {
      get: () => account,
      set: (next: MicrosoftAccount) => {
        account = next;
      },
      enumerable: true,
    },
    valueGate: {
      get: () => valueGate,
      set: (next: MicrosoftServer['valueGate']) => {
        valueGate = next;
      },
      enumerable: true,
    },
  }) as typeof double & Pick<MicrosoftServer, 'account' | 'valueGate'>;
}
