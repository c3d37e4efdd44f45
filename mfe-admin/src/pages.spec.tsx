import { describeLocalizedPages } from '@khidma/web-kit/testing';
import { NS } from './namespace';
import { routes } from './routes';

describeLocalizedPages(NS, routes);
