import { randomBytes } from 'node:crypto';
import { sendJson, startOAuthServer, type OAuthServer } from './oauth-server';

/**
 * A local server in Microsoft's wire format: the identity platform's v2.0 endpoints
 * (`/{tenant}/oauth2/v2.0/authorize|token`, rotating refresh tokens) and the Graph paths the adapter
 * uses (`/v1.0/me`, `/v1.0/me/mailFolders…`), with Graph's error shape
 * (https://learn.microsoft.com/graph/errors) and paging through `@odata.nextLink`.
 */
export interface GraphFolder {
  id: string;
  displayName: string;
  parentFolderId: string | null;
  wellKnown?: string;
}
export type MicrosoftServer = OAuthServer & { folders: GraphFolder[] };

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
    unreadItemCount: 0,
    totalItemCount: 0,
    isHidden: false,
  });
  const find = (idOrName: string) => folders.find((f) => f.id === idOrName || f.wellKnown === idOrName.toLowerCase());

  function page(url: URL, list: GraphFolder[]) {
    const top = Number(url.searchParams.get('$top') ?? 10);
    const skip = Number(url.searchParams.get('$skip') ?? 0);
    const value = list.slice(skip, skip + top).map(view);
    const next = new URL(url);
    next.searchParams.set('$skip', String(skip + top));
    return { value, ...(skip + top < list.length && { '@odata.nextLink': next.toString() }) };
  }

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
    api({ method, url, body, res }) {
      const path = url.pathname.replace(/^\/v1\.0/, '');
      if (method === 'GET' && path === '/me') {
        return sendJson(res, 200, {
          id: 'user-1',
          displayName: 'Test User',
          mail: options.mail,
          userPrincipalName: options.mail,
        });
      }
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
  return Object.assign(server, { folders });
}
