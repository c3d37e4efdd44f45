import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JWT_AUDIENCE, JWT_ISSUER, type Role } from '@khidma/contracts';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

const KID = 'test-key';

export interface FakeIdentityOptions {
  /** Identity's session check; every session is active unless this says otherwise. */
  sessionActive?: (sessionId: string) => boolean;
  /** While this says so, the session check answers 503 (identity failing). */
  sessionCheckDown?: () => boolean;
  /** Every other request (identity's own routes a test needs); unhandled ones answer 404. */
  handle?: (request: IncomingMessage, response: ServerResponse) => void;
}

export interface SignOptions {
  subject?: string;
  /** Another key than the published one (a token identity never issued). */
  key?: Parameters<SignJWT['sign']>[0];
  audience?: string;
  issuer?: string;
  /** Expiry as seconds since the epoch; ten minutes from now by default. */
  expires?: number;
}

export type FakeIdentity = Awaited<ReturnType<typeof startFakeIdentity>>;

/**
 * Identity as the other services see it: its JWKS (a key made here), its session check, and access
 * tokens minted as identity issues them (ES256, the contract's issuer and audience, a session id).
 */
export async function startFakeIdentity(options: FakeIdentityOptions = {}) {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'ES256', use: 'sig' };
  const server: Server = createServer((request, response) => {
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/jwks.json') return json({ keys: [jwk] });
    const session = /^\/api\/auth\/sessions\/([^/]+)\/active$/.exec(request.url ?? '');
    if (session && options.sessionCheckDown?.()) {
      response.writeHead(503, { 'content-type': 'application/json' });
      return response.end('{}');
    }
    if (session) return json({ active: options.sessionActive?.(decodeURIComponent(session[1]!)) ?? true });
    if (options.handle) return options.handle(request, response);
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** An access token with these claims over identity's defaults (a client with a fresh session). */
  const sign = (claims: Record<string, unknown> = {}, signOptions: SignOptions = {}) => {
    const subject = signOptions.subject ?? randomUUID();
    return new SignJWT({ role: 'client', email: `${subject}@example.test`, sid: randomUUID(), email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: KID })
      .setSubject(subject)
      .setIssuer(signOptions.issuer ?? JWT_ISSUER)
      .setAudience(signOptions.audience ?? JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(signOptions.expires ?? Math.floor(Date.now() / 1000) + 600)
      .sign(signOptions.key ?? privateKey);
  };
  /** The usual case: an access token for this user in this role. */
  const token = (userId: string, role: Role = 'client') => sign({ role }, { subject: userId });

  return {
    url,
    jwksUrl: `${url}/.well-known/jwks.json`,
    sign,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A verifier's key fetch keeps its connection alive; do not wait for it to time out.
        server.closeAllConnections();
      }),
  };
}
