import { createHttpApp, listen, loadConfigOrExit } from '@khidma/nest-kit';
import { gatewaySchema } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { gatewayHttpOptions } from './http-options.js';

const env = loadConfigOrExit('gateway', gatewaySchema);
const config = { ...env, SERVICE: { name: 'gateway', inlineJobs: !env.REDIS_URL } };
// No global prefix: the gateway serves web paths (/, /mfe, /remotes.json) beside /api.
const app = await createHttpApp(GatewayModule.forRoot(config), gatewayHttpOptions(config));
await listen(app, config.PORT, config.HOST);
