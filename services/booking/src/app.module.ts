import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule, CoreModule, DatabaseModule, OutboxModule } from '@khidma/nest-kit';
import { BookingsModule } from './bookings/bookings.module.js';
import { CatalogueModule } from './catalogue/catalogue.module.js';
import type { BookingConfig } from './config.js';
import { AdminModule } from './admin/admin.module.js';
import { FavouritesModule } from './favourites/favourites.module.js';
import { ContactModule } from './contact/contact.module.js';
import { DisputesModule } from './disputes/disputes.module.js';
import { ConversationsModule } from './conversations/conversations.module.js';
import { bookingDatabase } from './database/booking-database.js';
import { NotificationsApiModule } from './notifications/notifications-api.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { PromotionsModule } from './promotions/promotions.module.js';
import { CreditModule } from './credit/credit.module.js';
import { ProviderApplicationsModule } from './provider-applications/provider-applications.module.js';
import { ProviderPortalModule } from './provider-portal/provider-portal.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { SeriesModule } from './series/series.module.js';

@Module({})
export class AppModule {
  static forRoot(config: BookingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot({ config }),
        // Deny by default: every route needs a verified access token unless marked @Public().
        AuthModule.forRoot(config),
        DatabaseModule.forService(bookingDatabase),
        OutboxModule,
        CatalogueModule,
        ContactModule,
        ProviderApplicationsModule,
        AdminModule,
        BookingsModule,
        SeriesModule,
        PaymentsModule,
        PromotionsModule,
        CreditModule,
        NotificationsApiModule,
        ProviderPortalModule,
        ConversationsModule,
        ReviewsModule,
        FavouritesModule,
        DisputesModule,
        // Embedded profile: no separate worker reads this process's in-memory queue, so the app
        // consumes its own events (with Redis, notifications-worker.main.ts does).
        ...(config.SERVICE.inlineJobs ? [NotificationsModule] : []),
      ],
    };
  }
}
