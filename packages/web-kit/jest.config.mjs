import { frontendJestConfig } from './jest.frontend.mjs';
export default frontendJestConfig(import.meta.dirname);
