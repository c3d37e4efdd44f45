import { frontendJestConfig } from '../packages/web-kit/jest.frontend.mjs';
export default frontendJestConfig(import.meta.dirname);
