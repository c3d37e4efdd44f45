export * from './users.js';
export * from './catalogue.js';
export * from './providers.js';
export * from './services.js';
export * from './reviews.js';
export * from './bulk.js';
export * from './photos.js';
export * from './activity.js';
