// Jest setup shared by web-kit and every frontend app: jsdom, jest-dom matchers and the browser APIs
// jsdom lacks. Usage in <app>/jest.config.mjs: `export default frontendJestConfig(import.meta.dirname)`.
import path from 'node:path';
import { browserPreset } from '../../jest.preset.mjs';

const here = import.meta.dirname;

/**
 * The zone every frontend test runs in, as `TEST_NOW` (src/testingClock.ts) is the instant: Los Angeles,
 * where TEST_NOW is still Friday 23:00 while the marketplace (Amman) is at Saturday 10:00 and UTC at
 * 07:00, so code reading the device's zone where it means the marketplace's shows the wrong day. Set
 * here, before Jest starts its worker processes (they read TZ once, at start).
 */
export const TEST_ZONE = 'America/Los_Angeles';
process.env.TZ = TEST_ZONE;

export const frontendJestConfig = (rootDir) =>
  browserPreset(rootDir, {
    moduleNameMapper: {
      '^(\\.{1,2}/.*)\\.js$': '$1',
      '\\.(css|less|svg|png|jpg)$': path.resolve(here, '../../jest.asset-stub.cjs'),
    },
    setupFiles: [path.join(here, 'jest.polyfills.mjs')],
    setupFilesAfterEnv: [path.join(here, 'jest.setup.mjs')],
  });
