import { nodePreset } from '../../jest.preset.mjs';
export default nodePreset(import.meta.dirname, { testTimeout: 30_000 });
