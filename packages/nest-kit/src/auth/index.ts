export * from './auth-user.js';
export * from './decorators.js';
export * from './access-token.js';
export * from './session-revocations.js';
export * from './access-token.strategy.js';
export * from './jwt-auth.guard.js';
export * from './auth.module.js';
