// The system Chromium every browser run uses (e2e, bench): browsers are never downloaded here.
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumLaunchOptions = {
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
};

export function assertChromium() {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH); browsers are never downloaded.`);
  }
}
