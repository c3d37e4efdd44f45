/**
 * Shared Jest presets. Jest runs in native ESM mode (NODE_OPTIONS=--experimental-vm-modules, set by
 * each project's `test` script) with @swc/jest compiling TypeScript, decorators and their metadata.
 */
const swcNode = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const common = (rootDir) => ({
  rootDir,
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swcNode },
  // Sources import siblings as `./x.js` (NodeNext); Jest resolves the `.ts` file behind it.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.spec.ts'],
  // Workspace packages resolve to their TypeScript sources, so tests never need a prior build.
  testEnvironmentOptions: { customExportConditions: ['@khidma/source', 'node'] },
  // In ESM mode every test file's module graph (Nest, TypeORM, React, antd...) stays in its worker's
  // heap: one process grew to 3.3 GB over the booking suite, its collector working ever harder. A
  // worker past this after a file is replaced: the booking suite took 127 s of CPU instead of 178.
  workerIdleMemoryLimit: '500MB',
});

export const nodePreset = (rootDir, overrides = {}) => ({
  ...common(rootDir),
  testEnvironment: 'node',
  // After a Redis restart a BullMQ worker's blocking connection can outlive the app's bounded close
  // (nest-kit's BullMqJobQueue.close); such a socket must not keep a finished run (and CI) waiting.
  forceExit: true,
  ...overrides,
});

export const browserPreset = (rootDir, overrides = {}) => ({
  ...common(rootDir),
  testEnvironment: 'jsdom',
  testEnvironmentOptions: {
    customExportConditions: ['@khidma/source', 'browser'],
  },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.(css|less|svg|png|jpg)$': '<rootDir>/../jest.asset-stub.cjs',
  },
  ...overrides,
});
