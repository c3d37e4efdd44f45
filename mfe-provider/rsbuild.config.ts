import { DEFAULT_PORTS } from '@khidma/contracts';
import { defineKhidmaApp } from '@khidma/web-kit/rsbuild';

export default defineKhidmaApp({
  name: 'mfe_provider',
  port: DEFAULT_PORTS.mfe_provider,
  title: 'Khidma · Providers',
  exposes: {
    './ProviderDashboardPage': './src/pages/ProviderDashboardPage.tsx',
    './ProviderSignupPage': './src/pages/ProviderSignupPage.tsx',
    './PendingApprovalPage': './src/pages/PendingApprovalPage.tsx',
  },
});
