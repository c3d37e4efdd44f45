import { createHttpApp } from '@khidma/nest-kit';
import { AppModule } from './app.module.js';
import type { BookingConfig } from './config.js';
import { applyUploadBodyLimit } from './provider-applications/upload-body-limit.js';

/** The booking HTTP app as main.ts runs it; tests build it the same way and listen on a free port. */
export async function createBookingApp(config: BookingConfig) {
  const app = await createHttpApp(AppModule.forRoot(config), { name: 'booking', logLevel: config.LOG_LEVEL });
  app.setGlobalPrefix('api', { exclude: ['healthz', 'readyz'] });
  applyUploadBodyLimit(app);
  return app;
}
