// The system Chromium every browser run uses (e2e, bench): browsers are never downloaded here.
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell): the same Blink and V8
 * without the full browser's own interface, the build Playwright drives by default when it runs
 * headless. The e2e runs in it: the full browser spent 1.65x the time on the same journeys (docs/testing-time.md).
 */
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';

const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

/** The full browser: benchmarks (Lighthouse, page weight) measure what a visitor's Chromium does. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM, args };

/** The e2e's browser: the headless shell when installed, else the full browser (slower, same engine). */
export const e2eLaunchOptions = { executablePath: fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM, args };

/** Refuses to start a run whose browser is missing (the e2e passes its own, which is Chromium when no shell is installed). */
export function assertChromium(executablePath = CHROMIUM) {
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH); browsers are never downloaded.`);
  }
}
