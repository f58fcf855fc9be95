import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The common part of the vendor-shaped local servers: an OAuth 2.0 authorisation server (RFC 6749)
 * that approves at once, single-use codes, refresh (optionally rotating the refresh token), bearer
 * checks, and switches to make the API answer 401 or 429 like the real vendors do.
 */
export interface VendorRequest {
  method: string;
  /** Absolute, on the server's own origin (so links built from it can be followed). */
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  res: http.ServerResponse;
}

export interface OAuthServerOptions {
  clientId: string;
  clientSecret: string;
  /** Microsoft rotates refresh tokens; Google does not. */
  rotateRefreshTokens: boolean;
  /** The vendor's error bodies. */
  oauthError(error: string, description: string): object;
  unauthenticated(): object;
  tooManyRequests(): object;
  /** Is this path the authorisation page or the token endpoint? */
  isAuthorize(path: string): boolean;
  isToken(path: string): boolean;
  /** RFC 7009 revocation endpoint, when the vendor has one. */
  isRevoke?(path: string): boolean;
  api(req: VendorRequest): void | Promise<void>;
  /** OpenID Connect: the ID token's claims for a code granted with the `openid` scope. */
  idTokenClaims?(grant: { nonce: string | null; now: number }): Record<string, unknown>;
  /** Paths answered without a bearer token (the signing keys); true when handled. */
  publicApi?(req: VendorRequest, jwks: () => object): boolean;
}

/**
 * Not a vendor's path: how a test in another process (Playwright's) chooses who signs in next, by
 * posting a JSON body of the vendor's account fields.
 */
export const SWITCH_ACCOUNT_PATH = '/_double/account';

/** How the next ID token is spoilt, for tests of its verification. */
export type IdTokenFlaw = 'audience' | 'issuer' | 'signature';

export interface OAuthServer {
  baseUrl: string;
  /** What each endpoint was asked, for assertions. */
  calls: { token: Record<string, string>[]; api: string[]; revoked: string[] };
  /** Every access token handed out so far stops working (as after expiry). */
  expireAccessTokens(): void;
  /** The next `count` API calls answer 429 with this Retry-After (seconds). */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  /** The refresh token currently valid for the account. */
  currentRefreshToken(): string | null;
  /** Every access and refresh token handed out so far, still valid or not (secrets to look for). */
  issuedTokens(): string[];
  /** The next ID token has this flaw (wrong audience, wrong issuer, or signed by another key). */
  spoilNextIdToken(flaw: IdTokenFlaw): void;
  /** A JWT with these claims signed by the key the server publishes (as the vendor signs its OIDC tokens), or with `flaw`. */
  signJwt(claims: Record<string, unknown>, flaw?: IdTokenFlaw): string;
  close(): Promise<void>;
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<{ raw: string; parsed: unknown }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return { raw, parsed: Object.fromEntries(new URLSearchParams(raw)) };
  try {
    return { raw, parsed: raw ? (JSON.parse(raw) as unknown) : null };
  } catch {
    return { raw, parsed: raw };
  }
}

const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** RS256 ID tokens (RFC 7519) and the JWKS (RFC 7517) that verifies them, with node:crypto. */
function idTokenSigner() {
  const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
  const own = rsa();
  const stranger = rsa();
  const kid = randomBytes(8).toString('hex');
  const signWith = (key: KeyObject, claims: Record<string, unknown>) => {
    const input = `${base64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
    return `${input}.${base64url(sign('sha256', Buffer.from(input), key))}`;
  };
  return {
    jwks: () => ({ keys: [{ ...own.publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] }),
    sign: (claims: Record<string, unknown>, flaw: IdTokenFlaw | null) => {
      if (flaw === 'audience') return signWith(own.privateKey, { ...claims, aud: 'another-client-id' });
      if (flaw === 'issuer') return signWith(own.privateKey, { ...claims, iss: 'https://issuer.invalid' });
      return signWith(flaw === 'signature' ? stranger.privateKey : own.privateKey, claims);
    },
  };
}

export async function startOAuthServer(options: OAuthServerOptions): Promise<OAuthServer> {
  /** Live codes, with what the authorisation request asked for. */
  const codes = new Map<string, { openid: boolean; nonce: string | null }>();
  const signer = idTokenSigner();
  let idTokenFlaw: IdTokenFlaw | null = null;
  const accessTokens = new Set<string>();
  let refreshToken: string | null = null;
  const issued: string[] = [];
  let rateLimited = { count: 0, retryAfter: 0 };
  const calls: OAuthServer['calls'] = { token: [], api: [], revoked: [] };

  function idToken(grant: { openid: boolean; nonce: string | null }) {
    if (!grant.openid || !options.idTokenClaims) return {};
    const claims = options.idTokenClaims({ nonce: grant.nonce, now: Math.floor(Date.now() / 1000) });
    const flaw = idTokenFlaw;
    idTokenFlaw = null;
    return { id_token: signer.sign(claims, flaw) };
  }

  function issueTokens(withRefresh: boolean) {
    const access = token('access');
    accessTokens.add(access);
    issued.push(access);
    const body: Record<string, unknown> = { access_token: access, expires_in: 3599, token_type: 'Bearer', scope: 'mail' };
    if (withRefresh) {
      refreshToken = token('refresh');
      issued.push(refreshToken);
      body.refresh_token = refreshToken;
    }
    return body;
  }

  function handleToken(form: Record<string, string>, res: http.ServerResponse) {
    calls.token.push(form);
    if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret) {
      return sendJson(res, 401, options.oauthError('invalid_client', 'The OAuth client was not found.'));
    }
    if (form.grant_type === 'authorization_code') {
      const grant = form.code ? codes.get(form.code) : undefined;
      if (!grant || !codes.delete(form.code!))
        return sendJson(res, 400, options.oauthError('invalid_grant', 'The authorization code is invalid or was already used.'));
      return sendJson(res, 200, { ...issueTokens(true), ...idToken(grant) });
    }
    if (form.grant_type === 'refresh_token') {
      if (!refreshToken || form.refresh_token !== refreshToken) {
        return sendJson(res, 400, options.oauthError('invalid_grant', 'The refresh token is invalid or has been revoked.'));
      }
      return sendJson(res, 200, issueTokens(options.rotateRefreshTokens));
    }
    return sendJson(res, 400, options.oauthError('unsupported_grant_type', 'The grant type is not supported.'));
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      const { parsed } = await readBody(req);
      if (options.isAuthorize(url.pathname)) {
        // The user signs in and consents at once; the vendor sends the browser back with a code.
        const code = token('code');
        const scopes = (url.searchParams.get('scope') ?? '').split(/[\s+]+/);
        codes.set(code, { openid: scopes.includes('openid'), nonce: url.searchParams.get('nonce') });
        const back = new URL(url.searchParams.get('redirect_uri') ?? '/');
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (options.isToken(url.pathname) && req.method === 'POST') return handleToken(parsed as Record<string, string>, res);
      if (options.isRevoke?.(url.pathname) && req.method === 'POST') {
        calls.revoked.push(String((parsed as { token?: unknown }).token));
        if ((parsed as { token?: unknown }).token === refreshToken) {
          refreshToken = null;
          accessTokens.clear();
        }
        return sendJson(res, 200, {});
      }
      const request = { method: req.method ?? 'GET', url, headers: req.headers, body: parsed, res };
      if (options.publicApi?.(request, signer.jwks)) return;
      calls.api.push(`${req.method} ${url.pathname}`);
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!accessTokens.has(bearer))
        return sendJson(res, 401, options.unauthenticated(), { 'www-authenticate': 'Bearer error="invalid_token"' });
      if (rateLimited.count > 0) {
        rateLimited.count--;
        return sendJson(res, 429, options.tooManyRequests(), { 'retry-after': String(rateLimited.retryAfter) });
      }
      await options.api(request);
    })().catch((error: unknown) => sendJson(res, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    expireAccessTokens: () => accessTokens.clear(),
    rateLimitNext: (count, retryAfter) => {
      rateLimited = { count, retryAfter };
    },
    currentRefreshToken: () => refreshToken,
    issuedTokens: () => [...issued],
    spoilNextIdToken: (flaw) => {
      idTokenFlaw = flaw;
    },
    signJwt: (claims, flaw) => signer.sign(claims, flaw ?? null),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mints an authorisation code the way the consent page would, for tests that skip the browser. */
export async function authorize(server: OAuthServer, authorizePath: string, redirectUri: string, state = 's') {
  const url = new URL(`${server.baseUrl}${authorizePath}`);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  const res = await fetch(url, { redirect: 'manual' });
  const location = new URL(res.headers.get('location')!);
  return { code: location.searchParams.get('code')!, state: location.searchParams.get('state')! };
}
