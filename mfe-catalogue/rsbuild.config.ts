import { DEFAULT_PORTS } from '@khidma/contracts';
import { defineKhidmaApp } from '@khidma/web-kit/rsbuild';

export default defineKhidmaApp({
  name: 'mfe_catalogue',
  port: DEFAULT_PORTS.mfe_catalogue,
  title: 'Khidma · Catalogue',
  exposes: {
    './ServicesPage': './src/pages/ServicesPage.tsx',
    './ServiceDetailPage': './src/pages/ServiceDetailPage.tsx',
    './FavouritesPage': './src/pages/FavouritesPage.tsx',
  },
});
