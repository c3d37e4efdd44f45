import { browserPreset } from '../../jest.preset.mjs';
export default browserPreset(import.meta.dirname, {
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.(css|less|svg|png|jpg)$': '<rootDir>/../../jest.asset-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.mjs'],
});
