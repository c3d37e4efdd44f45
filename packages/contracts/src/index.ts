export * from './constants.js';
export * from './enums.js';
export * from './errors.js';
export * from './catalogue.js';
export * from './queues.js';
export * from './platform.js';
export * from './auth.js';
export * from './contact.js';
