import 'reflect-metadata';
import { loadConfigOrExit } from '@khidma/nest-kit';
import { bookingConfigSchema } from './config.js';
import { createBookingApp } from './http-app.js';

const config = loadConfigOrExit('booking', bookingConfigSchema);
const app = await createBookingApp(config);
await app.listen(config.PORT, config.HOST);
