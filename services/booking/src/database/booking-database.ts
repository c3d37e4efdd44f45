import { CreateOutbox1763700000000, type DatabaseDefinition, OUTBOX_ENTITIES } from '@khidma/nest-kit';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { Review } from '../catalogue/entities/review.entity.js';
import { ServiceCategory } from '../catalogue/entities/service-category.entity.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import { ContactMessage } from '../contact/entities/contact-message.entity.js';
import { BookingInitialSchema1763800000000 } from '../migrations/1763800000000-booking-initial-schema.js';
import { CatalogueReviewsAndSearch1764000000000 } from '../migrations/1764000000000-catalogue-reviews-and-search.js';
import { Notification } from '../notifications/entities/notification.entity.js';

/** Booking's database: every entity and migration, listed explicitly (in timestamp order). */
export const bookingDatabase: DatabaseDefinition = {
  service: 'booking',
  entities: [...OUTBOX_ENTITIES, ServiceCategory, Provider, ServiceListing, Review, ContactMessage, Notification],
  migrations: [CreateOutbox1763700000000, BookingInitialSchema1763800000000, CatalogueReviewsAndSearch1764000000000],
};
