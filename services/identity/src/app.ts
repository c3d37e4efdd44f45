import fastifyCookie from '@fastify/cookie';
import { JWKS_PATH } from '@khidma/contracts';
import { createHttpApp } from '@khidma/nest-kit';
import { AppModule } from './app.module.js';
import type { IdentityConfig } from './config.js';

/** The HTTP app as main.ts serves it: tests start this too, so they call the real /api paths. */
export async function createApp(config: IdentityConfig) {
  const app = await createHttpApp(AppModule.forRoot(config), {
    name: 'identity',
    logLevel: config.LOG_LEVEL,
  });
  await app.register(fastifyCookie);
  // The JWKS lives at its well-known path, outside /api.
  app.setGlobalPrefix('api', { exclude: ['healthz', 'readyz', JWKS_PATH.slice(1)] });
  return app;
}
