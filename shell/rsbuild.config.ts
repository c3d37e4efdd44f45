import path from 'node:path';
import { DEFAULT_PORTS } from '@khidma/contracts';
import { defineKhidmaApp } from '@khidma/web-kit/rsbuild';

export default defineKhidmaApp({
  name: 'shell',
  port: DEFAULT_PORTS.shell,
  title: 'Khidma',
  runtimePlugins: [path.resolve(import.meta.dirname, 'src/remotes/remote-error-plugin.ts')],
});
