import { loadConfigOrExit } from '@khidma/nest-kit';
import { createApp } from './app.js';
import { assistantConfigSchema } from './config.js';

const env = loadConfigOrExit('assistant', assistantConfigSchema);
const app = await createApp({ ...env, SERVICE: { name: 'assistant', inlineJobs: !env.REDIS_URL } });
await app.listen(env.PORT, env.HOST);
