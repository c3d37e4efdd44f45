import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  claimedHours,
  FAVOURITE_AVAILABILITY_DAYS,
  type FavouriteKind,
  type FavouriteProviderDto,
  type FavouritesResponse,
  type FavouriteServiceDto,
  type FavouriteStateResponse,
} from '@khidma/contracts';
import { type AuthUser, Clock } from '@khidma/nest-kit';
import { DataSource, In } from 'typeorm';
import { bookingDuration } from '../bookings/booking-rules.js';
import { SlotCalendar } from '../bookings/slot-calendar.js';
import { BookingTransactions, isDuplicateKey } from '../bookings/transactions.js';
import { CatalogueService, toProviderSummary } from '../catalogue/catalogue.service.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import type { FavouriteCollection } from './dto/favourite.params.js';
import { Favourite } from './entities/favourite.entity.js';

const KIND_OF: Record<FavouriteCollection, FavouriteKind> = { services: 'service', providers: 'provider' };

/** The hours a booking of `service` claims when the client picks no length (the booking form's default). */
const defaultHours = (service: Pick<ServiceListing, 'priceType' | 'durationMinutes'>) => claimedHours(bookingDuration(service, undefined));

/** Public means what the catalogue lists: an active service of an approved provider. */
const PUBLIC_SERVICE = { status: 'active', providerApproved: true } as const;

/**
 * A client's saved services and providers (docs/favourites.md). Only public things can be saved, and
 * only public things are listed: a saved service or provider that stops being public drops out of the
 * list (its row stays, so it comes back if it is listed again) and never leaks through this route.
 */
@Injectable()
export class FavouritesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueService,
    private readonly calendar: SlotCalendar,
    private readonly clock: Clock,
    private readonly transactions: BookingTransactions,
  ) {}

  async list(user: AuthUser): Promise<FavouritesResponse> {
    const manager = this.dataSource.manager;
    const now = this.clock.now();
    const saved = await manager.find(Favourite, { where: { clientId: user.id }, order: { createdAt: 'DESC', targetId: 'ASC' } });
    const savedAt = new Map(saved.map((row) => [`${row.kind} ${row.targetId}`, row.createdAt.toISOString()]));
    const idsOf = (kind: FavouriteKind) => saved.filter((row) => row.kind === kind).map((row) => row.targetId);

    const cards = await this.catalogue.publicCards(idsOf('service'));
    const providerServices = await manager.find(ServiceListing, {
      select: { id: true, slug: true, providerId: true, title: true, titleAr: true, price: true, priceType: true, durationMinutes: true },
      where: { providerId: In(idsOf('provider')), ...PUBLIC_SERVICE },
      order: { title: 'ASC', id: 'ASC' },
    });
    const providers = new Map(
      (await manager.findBy(Provider, { id: In([...new Set(cards.map((card) => card.provider.id).concat(idsOf('provider')))]), status: 'approved' })).map(
        (provider) => [provider.id, provider],
      ),
    );

    const services = cards
      .map((card) => ({ card, provider: providers.get(card.provider.id) }))
      .filter((entry) => entry.provider !== undefined);
    const savedProviders = idsOf('provider')
      .map((id) => ({ provider: providers.get(id), services: providerServices.filter((s) => s.providerId === id) }))
      .filter((entry): entry is { provider: Provider; services: ServiceListing[] } => entry.provider !== undefined && entry.services.length > 0);

    // A shorter booking fits wherever a longer one does: a provider is free if its shortest service is.
    const available = await this.calendar.hasFreeSlot(
      manager,
      [
        ...services.map(({ card, provider }) => ({ provider: provider!, hours: defaultHours({ priceType: card.priceType, durationMinutes: card.duration }) })),
        ...savedProviders.map(({ provider, services: offered }) => ({ provider, hours: Math.min(...offered.map(defaultHours)) })),
      ],
      now,
      FAVOURITE_AVAILABILITY_DAYS,
    );

    const serviceDtos: FavouriteServiceDto[] = services.map(({ card }, i) => ({
      service: card,
      availableThisWeek: available[i]!,
      savedAt: savedAt.get(`service ${card.id}`)!,
    }));
    const providerDtos: FavouriteProviderDto[] = savedProviders.map(({ provider, services: offered }, i) => ({
      provider: { ...toProviderSummary(provider), city: provider.city, cityAr: provider.cityAr },
      services: offered.map((s) => ({ id: s.id, slug: s.slug, title: s.title, titleAr: s.titleAr, price: s.price, priceType: s.priceType })),
      availableThisWeek: available[services.length + i]!,
      savedAt: savedAt.get(`provider ${provider.id}`)!,
    }));
    // Newest saved first, as the rows were read (the card query returns its own order).
    serviceDtos.sort((a, b) => b.savedAt.localeCompare(a.savedAt) || a.service.id.localeCompare(b.service.id));
    return { services: serviceDtos, providers: providerDtos };
  }

  /** Saves a public service or approved provider; saving it again changes nothing. */
  async add(user: AuthUser, collection: FavouriteCollection, id: string): Promise<FavouriteStateResponse> {
    const kind = KIND_OF[collection];
    const manager = this.dataSource.manager;
    const exists =
      kind === 'service'
        ? await manager.existsBy(ServiceListing, { id, ...PUBLIC_SERVICE })
        : await manager.existsBy(Provider, { id, status: 'approved' });
    if (!exists) {
      throw new NotFoundException({
        code: 'not_found',
        message: kind === 'service' ? 'This service is not available' : 'This provider is not available',
      });
    }
    try {
      // A removal of the same favourite at the same moment holds the gap this row goes into: InnoDB may
      // end one of them as a deadlock victim, which is re-run rather than answered 500.
      await this.transactions.run((writer) => writer.insert(Favourite, { clientId: user.id, kind, targetId: id, createdAt: this.clock.now() }));
    } catch (error) {
      // Already saved (maybe by a concurrent request): the primary key kept it to one row.
      if (!isDuplicateKey(error)) throw error;
    }
    return { kind, id, favourite: true };
  }

  /** Forgets a saved service or provider; forgetting one that is not saved is fine too. */
  async remove(user: AuthUser, collection: FavouriteCollection, id: string): Promise<FavouriteStateResponse> {
    const kind = KIND_OF[collection];
    await this.transactions.run((writer) => writer.delete(Favourite, { clientId: user.id, kind, targetId: id }));
    return { kind, id, favourite: false };
  }
}
