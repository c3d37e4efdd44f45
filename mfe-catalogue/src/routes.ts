import { lazy } from 'react';

/** The pages this app exposes, as its standalone dev harness mounts them (the shell has its own table). */
export const routes = [
  { path: '/services', example: '/services', titleKey: 'services.title', Page: lazy(() => import('./pages/ServicesPage')) },
  { path: '/service/:idOrSlug', example: '/service/standard-home-cleaning', titleKey: 'serviceDetail.title', Page: lazy(() => import('./pages/ServiceDetailPage')) },
  { path: '/favourites', example: '/favourites', titleKey: 'favourites.title', Page: lazy(() => import('./pages/FavouritesPage')) },
];
