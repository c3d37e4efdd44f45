import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@khidma/nest-kit';
import { IdentityAccounts } from '../src/admin/identity-accounts.js';
import { bookingConfigSchema } from '../src/config.js';

/** How booking reaches identity's admin API for the provider role. */
describe('IdentityAccounts', () => {
  let server: Server;
  let origin: string;
  const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  let status = 200;
  let answer = '{}';

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(answer);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const accounts = (env: Record<string, string>) => new IdentityAccounts(loadConfig(bookingConfigSchema, env));

  it("defaults to the origin of identity's JWKS URL and sends the admin's own token", async () => {
    await accounts({ IDENTITY_JWKS_URL: `${origin}/.well-known/jwks.json` }).makeProvider('user-1', 'Bearer admin-token');
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/admin/users/user-1', body: '{"role":"provider"}' });
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer admin-token');
  });

  it('uses IDENTITY_URL when set', async () => {
    await accounts({ IDENTITY_URL: `${origin}/`, IDENTITY_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json' }).makeProvider('user-2', 'Bearer t');
    expect(seen.at(-1)!.url).toBe('/api/admin/users/user-2');
  });

  it('answers 503 when identity refuses or cannot be reached', async () => {
    status = 404;
    await expect(accounts({ IDENTITY_URL: origin }).makeProvider('ghost', 'Bearer t')).rejects.toMatchObject({ status: 503 });
    status = 200;
    await expect(accounts({ IDENTITY_URL: 'http://127.0.0.1:9' }).makeProvider('user-3', 'Bearer t')).rejects.toMatchObject({ status: 503 });
  });

  it("changes an account and answers identity's account; identity's own refusal is passed on, its failure is a 503", async () => {
    const account = { user: { id: 'user-4', role: 'admin', isActive: false } };
    answer = JSON.stringify(account);
    await expect(accounts({ IDENTITY_URL: origin }).updateAccount('user-4', { role: 'admin', isActive: false }, 'Bearer a')).resolves.toEqual(account);
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/admin/users/user-4', body: '{"role":"admin","isActive":false}' });
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer a');

    status = 400;
    answer = JSON.stringify({ statusCode: 400, code: 'cannot_change_own_admin', message: 'Admins cannot deactivate or demote themselves' });
    const refused = accounts({ IDENTITY_URL: origin }).updateAccount('me', { isActive: false }, 'Bearer a');
    await expect(refused).rejects.toMatchObject({ status: 400, response: { code: 'cannot_change_own_admin' } });
    status = 500;
    answer = 'upstream exploded';
    await expect(accounts({ IDENTITY_URL: origin }).updateAccount('user-4', { isActive: true }, 'Bearer a')).rejects.toMatchObject({ status: 503 });
    status = 200;
    answer = '{}';
  });
});
