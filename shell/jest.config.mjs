import { browserPreset } from '../jest.preset.mjs';
export default browserPreset(import.meta.dirname, {
  setupFiles: ['<rootDir>/jest.polyfills.mjs'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.mjs'],
});
