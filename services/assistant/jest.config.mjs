import { nodePreset } from '../../jest.preset.mjs';
// 60 s like booking's: the suites drive a real, seeded booking service, which a starved run (the
// shifted-clock pass at the lowest CPU priority beside the e2e) can make several times slower.
export default nodePreset(import.meta.dirname, { testTimeout: 60_000 });
