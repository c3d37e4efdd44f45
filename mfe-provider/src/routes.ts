import { lazy } from 'react';

/** The pages this app exposes, as its standalone dev harness mounts them (the shell has its own table). */
export const routes = [
  { path: '/provider-dashboard', example: '/provider-dashboard', titleKey: 'dashboard.title', Page: lazy(() => import('./pages/ProviderDashboardPage')) },
  { path: '/provider-signup', example: '/provider-signup', titleKey: 'signup.title', Page: lazy(() => import('./pages/ProviderSignupPage')) },
  { path: '/pending-approval', example: '/pending-approval', titleKey: 'pending.title', Page: lazy(() => import('./pages/PendingApprovalPage')) },
];
