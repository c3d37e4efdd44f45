import { CreateOutbox1763700000000, OutboxTraceparent1765000000000, type DatabaseDefinition, OUTBOX_ENTITIES } from '@khidma/nest-kit';
import { AdminAuditEntry } from '../audit/entities/admin-audit-entry.entity.js';
import { Booking } from '../bookings/entities/booking.entity.js';
import { BookingSlot } from '../bookings/entities/booking-slot.entity.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { Review } from '../catalogue/entities/review.entity.js';
import { ServiceCategory } from '../catalogue/entities/service-category.entity.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import { ServicePhoto } from '../catalogue/entities/service-photo.entity.js';
import { Favourite } from '../favourites/entities/favourite.entity.js';
import { ContactMessage } from '../contact/entities/contact-message.entity.js';
import { ConversationMessage } from '../conversations/entities/conversation-message.entity.js';
import { Conversation } from '../conversations/entities/conversation.entity.js';
import { MessageReport } from '../conversations/entities/message-report.entity.js';
import { BookingInitialSchema1763800000000 } from '../migrations/1763800000000-booking-initial-schema.js';
import { CatalogueReviewsAndSearch1764000000000 } from '../migrations/1764000000000-catalogue-reviews-and-search.js';
import { BookingsAndPayments1764100000000 } from '../migrations/1764100000000-bookings-and-payments.js';
import { NotificationsListIndex1764200000000 } from '../migrations/1764200000000-notifications-list-index.js';
import { ProviderApplications1764300000000 } from '../migrations/1764300000000-provider-applications.js';
import { ProviderPortal1764400000000 } from '../migrations/1764400000000-provider-portal.js';
import { BookingReviews1764600000000 } from '../migrations/1764600000000-booking-reviews.js';
import { Conversations1764700000000 } from '../migrations/1764700000000-conversations.js';
import { ServicePhotos1764800000000 } from '../migrations/1764800000000-service-photos.js';
import { ListingProviderApproval1764900000000 } from '../migrations/1764900000000-listing-provider-approval.js';
import { AdminAuditLog1765100000000 } from '../migrations/1765100000000-admin-audit-log.js';
import { PromoCodes1765200000000 } from '../migrations/1765200000000-promo-codes.js';
import { Favourites1765300000000 } from '../migrations/1765300000000-favourites.js';
import { BookingSeries1765400000000 } from '../migrations/1765400000000-booking-series.js';
import { SearchTermsListing1765500000000 } from '../migrations/1765500000000-search-terms-listing.js';
import { CategoryProviderCounts1765600000000 } from '../migrations/1765600000000-category-provider-counts.js';
import { AccountCredit1765700000000 } from '../migrations/1765700000000-account-credit.js';
import { CreditAccount } from '../credit/entities/credit-account.entity.js';
import { CreditEntry } from '../credit/entities/credit-entry.entity.js';
import { Disputes1765800000000 } from '../migrations/1765800000000-disputes.js';
import { ClientBookingsTabIndex1765900000000 } from '../migrations/1765900000000-client-bookings-tab-index.js';
import { ListingCounts1766000000000 } from '../migrations/1766000000000-listing-counts.js';
import { ListIndexesCarryPrice1766100000000 } from '../migrations/1766100000000-list-indexes-carry-price.js';
import { NotificationTranslations1766300000000 } from '../migrations/1766300000000-notification-translations.js';
import { SearchPrefixTerms1766200000000 } from '../migrations/1766200000000-search-prefix-terms.js';
import { Dispute } from '../disputes/entities/dispute.entity.js';
import { DisputeMessage } from '../disputes/entities/dispute-message.entity.js';
import { DisputePhoto } from '../disputes/entities/dispute-photo.entity.js';
import { BookingSeries } from '../series/entities/booking-series.entity.js';
import { RegionalCalendar1765650000000 } from '../migrations/1765650000000-regional-calendar.js';
import { ProviderSpecialHours } from '../regional/provider-special-hours.entity.js';
import { Notification } from '../notifications/entities/notification.entity.js';
import { Payment } from '../payments/entities/payment.entity.js';
import { PromoCode } from '../promotions/entities/promo-code.entity.js';
import { PromoRedemption } from '../promotions/entities/promo-redemption.entity.js';
import { ProviderApplication } from '../provider-applications/entities/provider-application.entity.js';
import { ProviderDocument } from '../provider-applications/entities/provider-document.entity.js';

/** Booking's database: every entity and migration, listed explicitly (in timestamp order). */
export const bookingDatabase: DatabaseDefinition = {
  service: 'booking',
  entities: [
    ...OUTBOX_ENTITIES, ServiceCategory, Provider, ServiceListing, Review, ContactMessage, Notification, Booking, BookingSlot, Payment,
    ProviderApplication, ProviderDocument, Conversation, ConversationMessage, MessageReport, ServicePhoto, AdminAuditEntry,
    Favourite,
    PromoCode, PromoRedemption,
    BookingSeries,
    ProviderSpecialHours,
    CreditAccount, CreditEntry,
    Dispute, DisputeMessage, DisputePhoto,
  ],
  migrations: [
    CreateOutbox1763700000000, BookingInitialSchema1763800000000, CatalogueReviewsAndSearch1764000000000, BookingsAndPayments1764100000000,
    NotificationsListIndex1764200000000, ProviderApplications1764300000000, ProviderPortal1764400000000, BookingReviews1764600000000,
    Conversations1764700000000,
    ServicePhotos1764800000000,
    ListingProviderApproval1764900000000,
    OutboxTraceparent1765000000000,
    AdminAuditLog1765100000000,
    PromoCodes1765200000000,
    Favourites1765300000000,
    BookingSeries1765400000000,
    SearchTermsListing1765500000000,
    CategoryProviderCounts1765600000000,
    RegionalCalendar1765650000000,
    AccountCredit1765700000000,
    Disputes1765800000000,
    ClientBookingsTabIndex1765900000000,
    ListingCounts1766000000000,
    ListIndexesCarryPrice1766100000000,
    SearchPrefixTerms1766200000000,
    NotificationTranslations1766300000000,
  ],
};
