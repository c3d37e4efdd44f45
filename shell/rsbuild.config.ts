import path from 'node:path';
import { DEFAULT_PORTS } from '@khidma/contracts';
import { defineKhidmaApp } from '@khidma/web-kit/rsbuild';

export default defineKhidmaApp({
  name: 'shell',
  port: DEFAULT_PORTS.shell,
  title: 'Khidma',
  description: 'Book trusted local professionals in minutes: cleaning, plumbing, electrical work, delivery and more, in English and Arabic.',
  favicon: path.resolve(import.meta.dirname, 'src/favicon.svg'),
  runtimePlugins: [path.resolve(import.meta.dirname, 'src/remotes/remote-error-plugin.ts')],
});
