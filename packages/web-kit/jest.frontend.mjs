// Jest setup shared by web-kit and every frontend app: jsdom, jest-dom matchers and the browser APIs
// jsdom lacks. Usage in <app>/jest.config.mjs: `export default frontendJestConfig(import.meta.dirname)`.
import path from 'node:path';
import { browserPreset } from '../../jest.preset.mjs';

const here = import.meta.dirname;

export const frontendJestConfig = (rootDir) =>
  browserPreset(rootDir, {
    moduleNameMapper: {
      '^(\\.{1,2}/.*)\\.js$': '$1',
      '\\.(css|less|svg|png|jpg)$': path.resolve(here, '../../jest.asset-stub.cjs'),
    },
    setupFiles: [path.join(here, 'jest.polyfills.mjs')],
    setupFilesAfterEnv: [path.join(here, 'jest.setup.mjs')],
  });
