import { loadConfigOrExit } from '@khidma/nest-kit';
import { createApp } from './app.js';
import { identityConfigSchema } from './config.js';

const env = loadConfigOrExit('identity', identityConfigSchema);
const app = await createApp({ ...env, SERVICE: { name: 'identity', inlineJobs: !env.REDIS_URL } });
await app.listen(env.PORT, env.HOST);
