// A remote moves to another URL by configuration alone: a second gateway, started with
// MFE_CATALOGUE_MANIFEST_URL pointing straight at the catalogue's own static server, serves the very
// same shell build, and the shell loads the catalogue from the new address.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { processTable } from '../../scripts/lib/processes.mjs';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { expectRendered, trackPageErrors } from '../support/app.mjs';
import { E2E_PORT_OFFSET } from '../support/stack-state.mjs';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

test.describe('remote relocation', () => {
  let gateway;
  let url;
  let catalogueManifest;

  test.beforeAll(async () => {
    const stack = processTable({ portOffset: E2E_PORT_OFFSET });
    const stackGateway = stack.processes.find((process) => process.name === 'gateway');
    const port = await freePort();
    catalogueManifest = `http://127.0.0.1:${stack.ports.mfe_catalogue}/mf-manifest.json`;
    gateway = spawn(process.execPath, ['dist/main.js'], {
      cwd: path.join(ROOT, 'services/gateway'),
      env: { ...process.env, ...stackGateway.env, PORT: String(port), LOG_LEVEL: 'warn', MFE_CATALOGUE_MANIFEST_URL: catalogueManifest },
      stdio: 'ignore',
    });
    url = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status, { timeout: 20_000 })
      .toBe(200);
  });

  test.afterAll(() => {
    gateway?.kill('SIGTERM');
  });

  test('the shell loads a remote from the URL /remotes.json names, with no rebuild', async ({ page }) => {
    const errors = trackPageErrors(page);
    const manifests = [];
    page.on('request', (request) => {
      if (request.url().endsWith('mf-manifest.json')) manifests.push(request.url());
    });

    const remotes = await (await fetch(`${url}/remotes.json`)).json();
    expect(remotes.mfe_catalogue).toBe(catalogueManifest);

    await page.goto(`${url}/services`);
    await expectRendered(page, 'en');
    expect(manifests).toContain(catalogueManifest);
    expect(manifests.some((manifest) => manifest.includes('/mfe/catalogue/'))).toBe(false);
    expect(errors).toEqual([]);
  });
});
