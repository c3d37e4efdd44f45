// Playwright on the assembled app (built beforehand: the global setup starts it with --no-build).
// Browsers are never downloaded: the system Chromium's headless shell (else Chromium) runs every test.
import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { E2E_PORT_OFFSET, RESULTS_DIR } from './support/stack-state.mjs';
import { e2eLaunchOptions } from '../scripts/lib/chromium.mjs';
import { processTable } from '../scripts/lib/processes.mjs';

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.e2e.mjs',
  outputDir: path.join(RESULTS_DIR, 'artifacts'),
  // Starts the stack and returns the teardown that stops it.
  globalSetup: './support/global-setup.mjs',
  // Two cores run the whole stack too: one browser worker keeps timings sane.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(RESULTS_DIR, 'playwright.json') }]],
  use: {
    baseURL: processTable({ portOffset: E2E_PORT_OFFSET }).url,
    browserName: 'chromium',
    launchOptions: e2eLaunchOptions,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
