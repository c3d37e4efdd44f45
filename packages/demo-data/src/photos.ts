import { fileURLToPath } from 'node:url';
import { DEMO_CATEGORIES } from './catalogue.js';
import { DEMO_SERVICES } from './services.js';

/** Photos rendered per category by scripts/render-photos.mjs (photos/<category>-<n>.webp). */
export const PHOTOS_PER_CATEGORY = 6;

/** One photo of a demo service's gallery. */
export interface DemoServicePhoto {
  serviceId: string;
  /** 0 is the cover (the listing's imageUrl); the gallery shows them in this order. */
  position: number;
  /** File name in the package's photos folder. */
  file: string;
}

/**
 * 2-4 photos per demo service from its category's set, each service starting at a different one so
 * neighbours in a list rarely share a cover.
 */
export const DEMO_SERVICE_PHOTOS: DemoServicePhoto[] = DEMO_SERVICES.flatMap((service, index) => {
  const category = DEMO_CATEGORIES.find((c) => c.id === service.categoryId);
  if (!category) throw new Error(`Service ${service.slug} has no demo category`);
  const first = (index * 5) % PHOTOS_PER_CATEGORY;
  return Array.from({ length: 2 + (index % 3) }, (_, position) => ({
    serviceId: service.id,
    position,
    file: `${category.slug}-${((first + position) % PHOTOS_PER_CATEGORY) + 1}.webp`,
  }));
});

/** Where a photo file is on disk: beside src/ and dist/ alike, so the seed reads it from either. */
export const demoPhotoPath = (file: string): string => fileURLToPath(new URL(`../photos/${file}`, import.meta.url));
