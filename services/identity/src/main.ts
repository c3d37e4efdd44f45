import { createHttpApp, loadConfigOrExit } from '@khidma/nest-kit';
import { AppModule } from './app.module.js';
import { identityConfigSchema } from './config.js';

const env = loadConfigOrExit('identity', identityConfigSchema);
const config = { ...env, SERVICE: { name: 'identity', inlineJobs: !env.REDIS_URL } };
const app = await createHttpApp(AppModule.forRoot(config), {
  name: 'identity',
  logLevel: config.LOG_LEVEL,
});
app.setGlobalPrefix('api', { exclude: ['healthz', 'readyz'] });
await app.listen(config.PORT, config.HOST);
