import { lazy } from 'react';

/** The pages this app exposes, as its standalone dev harness mounts them (the shell has its own table). */
export const routes = [
  {
    path: '/admin',
    example: '/admin',
    titleKey: 'admin.title',
    Page: lazy(() => import('./pages/AdminPage')),
  },
];
