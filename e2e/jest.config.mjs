import { nodePreset } from '../jest.preset.mjs';

// Jest runs the deployment-file checks (test/*.spec.mjs); Playwright owns tests/*.e2e.mjs.
export default nodePreset(import.meta.dirname, { testMatch: ['<rootDir>/test/**/*.spec.mjs'] });
