import { DEFAULT_PORTS } from '@khidma/contracts';
import { defineKhidmaApp } from '@khidma/web-kit/rsbuild';

export default defineKhidmaApp({
  name: 'mfe_admin',
  port: DEFAULT_PORTS.mfe_admin,
  title: 'Khidma · Admin',
  exposes: {
    './AdminPage': './src/pages/AdminPage.tsx',
  },
});
