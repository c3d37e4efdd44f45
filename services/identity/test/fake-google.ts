import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { interactionPolicy } from 'oidc-provider';
import { freePort } from './support.js';

export interface GoogleAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) standing in for Google: discovery, JWKS, the
 * authorization endpoint with PKCE, the token endpoint with client secrets, signed ID tokens. Its
 * interaction pages are replaced by a "user" the test steers: the next visit signs in as the account
 * `user.next` names (answering select_account, login and consent at once), or cancels.
 */
export async function startFakeGoogle(redirectUri: string) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, GoogleAccount>();
  const user: { next: string | 'cancel' } = { next: 'cancel' };
  const client = { client_id: 'khidma-test.apps.example', client_secret: 'test-client-secret-0123456789abcdef' };

  // Google answers prompt=select_account; oidc-provider only knows the prompts it is given.
  const policy = interactionPolicy.base();
  policy.unshift(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }));
  // Google signs ID tokens with RS256.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'fake-google-1', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    clients: [
      {
        ...client,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'picture'] },
    // Like Google: the e-mail claims travel in the ID token itself.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
    features: { devInteractions: { enabled: false } },
    interactions: { policy },
    pkce: { required: () => true },
    cookies: { keys: ['fake-google-cookie-key'] },
  });

  const callback = provider.callback();
  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (user.next === 'cancel') {
        await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: user.next, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      await provider.interactionFinished(
        req,
        res,
        { select_account: {}, login: { accountId: user.next }, consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: Error) => {
      res.statusCode = 500;
      res.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    client,
    accounts,
    user,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
