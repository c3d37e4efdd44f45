import { browserPreset } from '../jest.preset.mjs';
export default browserPreset(import.meta.dirname);
