import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '@khidma/nest-kit';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { AvailabilityDto, ProviderServiceDto, ProviderServiceRequest } from '@khidma/contracts';
import type { AuthUser } from '@khidma/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { BookingTransactions } from '../bookings/transactions.js';
import { Provider } from '../catalogue/entities/provider.entity.js';
import { ServiceCategory } from '../catalogue/entities/service-category.entity.js';
import { ServiceListing } from '../catalogue/entities/service-listing.entity.js';
import { reindexServices, syncSearchListing } from '../catalogue/search/search-index.js';
import { type AvailabilityBody, weeklyAvailabilityOf } from './dto/availability.dto.js';
import type { ProviderServiceBody } from './dto/provider-service.dto.js';
import { ProviderProfiles } from './provider-profiles.js';
import {
  sameRequest,
  serviceBookingCounts,
  serviceColumns,
  serviceRequestOf,
  serviceSlug,
  toProviderServiceDto,
} from './service-fields.js';

/** Another provider's service answers exactly like a missing one: its existence is not disclosed. */
const serviceNotFound = () => new NotFoundException({ code: 'not_found', message: 'Service not found' });
const cannot = (move: string, service: ServiceListing) =>
  new ConflictException({
    code: 'invalid_service_transition',
    message: `A ${service.status} service cannot be ${move}; edit it to send it to review again`,
    params: { status: service.status },
  });

/**
 * A provider's own services and opening hours. Nothing here makes a service public: a new or
 * re-edited service waits for an admin (ServiceReview), and a change of an approved one is kept as
 * its `pendingRevision` while the approved text stays in the catalogue.
 */
@Injectable()
export class ProviderServicesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: BookingTransactions,
    private readonly profiles: ProviderProfiles,
    private readonly clock: Clock,
  ) {}

  /** Every status, newest first, each with its bookings (cancelled ones aside). */
  async list(user: AuthUser): Promise<ProviderServiceDto[]> {
    const provider = await this.profiles.of(user);
    const services = await this.dataSource
      .getRepository(ServiceListing)
      .find({ where: { providerId: provider.id }, order: { createdAt: 'DESC', id: 'DESC' } });
    const bookings = await serviceBookingCounts(this.dataSource.manager, services.map((service) => service.id));
    return services.map((service) => toProviderServiceDto(service, bookings.get(service.id) ?? 0));
  }

  /** A new service, `pending` until an admin approves it. */
  create(user: AuthUser, body: ProviderServiceBody): Promise<ProviderServiceDto> {
    return this.transactions.run(async (manager) => {
      const provider = await this.profiles.of(user, manager);
      await this.assertCategory(manager, body.categoryId);
      const id = randomUUID();
      await manager.insert(ServiceListing, {
        id,
        slug: serviceSlug(body.title, id),
        providerId: provider.id,
        providerApproved: provider.status === 'approved',
        ...serviceColumns(body),
        features: [],
        featuresAr: [],
        // Done at the client's address: the catalogue shows "Your area".
        location: null,
        locationAr: null,
        rating: null,
        reviewCount: 0,
        imageUrl: null,
        status: 'pending',
        pendingRevision: null,
        revisionSubmittedAt: null,
        approvedAt: null,
        rejectionReason: null,
      });
      await reindexServices(manager, [id]);
      return toProviderServiceDto(await manager.findOneByOrFail(ServiceListing, { id }), 0);
    });
  }

  /**
   * A service not yet approved (pending, rejected, withdrawn) is changed in place and goes (back) to
   * review. An approved one (active, or switched off by its provider) keeps its live fields: the change
   * waits as its `pendingRevision`, replacing any earlier one; sending the live values again withdraws it.
   */
  update(user: AuthUser, id: string, body: ProviderServiceBody): Promise<ProviderServiceDto> {
    return this.transactions.run(async (manager) => {
      const { service, bookings } = await this.own(manager, user, id);
      await this.assertCategory(manager, body.categoryId);
      // The validated body holds exactly the request's fields; stored as a plain object.
      const request: ProviderServiceRequest = { ...body };
      if (service.status === 'active' || service.approvedAt) {
        const unchanged = sameRequest(request, serviceRequestOf(service));
        service.pendingRevision = unchanged ? null : request;
        service.revisionSubmittedAt = unchanged ? null : this.clock.now();
        service.rejectionReason = null;
        await manager.save(ServiceListing, service);
      } else {
        Object.assign(service, serviceColumns(body), { status: 'pending', rejectionReason: null });
        await manager.save(ServiceListing, service);
        await reindexServices(manager, [service.id]);
      }
      return toProviderServiceDto(service, bookings);
    });
  }

  /**
   * Hides the service from the catalogue and from new bookings; bookings already made stand. A
   * pending service is withdrawn from review the same way. Switching off twice changes nothing.
   */
  deactivate(user: AuthUser, id: string): Promise<ProviderServiceDto> {
    return this.transactions.run(async (manager) => {
      const { service, bookings } = await this.own(manager, user, id);
      if (service.status === 'rejected') throw cannot('deactivated', service);
      if (service.status === 'active') {
        // It was live, so it had been approved (rows from before approvals were recorded included).
        service.approvedAt ??= this.clock.now();
      }
      if (service.status !== 'inactive') {
        service.status = 'inactive';
        await manager.save(ServiceListing, service);
        await syncSearchListing(manager, [service.id]);
      }
      return toProviderServiceDto(service, bookings);
    });
  }

  /** Back on: live again if an admin had approved it before, otherwise back to review. */
  activate(user: AuthUser, id: string): Promise<ProviderServiceDto> {
    return this.transactions.run(async (manager) => {
      const { service, bookings } = await this.own(manager, user, id);
      if (service.status === 'rejected') throw cannot('activated', service);
      if (service.status === 'inactive') {
        service.status = service.approvedAt ? 'active' : 'pending';
        await manager.save(ServiceListing, service);
        await syncSearchListing(manager, [service.id]);
      }
      return toProviderServiceDto(service, bookings);
    });
  }

  async availability(user: AuthUser): Promise<AvailabilityDto> {
    const provider = await this.profiles.of(user);
    return { weeklyAvailability: provider.weeklyAvailability };
  }

  /** The opening hours the booking slot picker offers (and bookings are checked against). */
  setAvailability(user: AuthUser, body: AvailabilityBody): Promise<AvailabilityDto> {
    return this.transactions.run(async (manager) => {
      const provider = await this.profiles.of(user, manager);
      const weeklyAvailability = weeklyAvailabilityOf(body);
      await manager.update(Provider, provider.id, { weeklyAvailability });
      return { weeklyAvailability };
    });
  }

  /** The caller's service, locked for the change, with its bookings count; 404 for anyone else's. */
  private async own(manager: EntityManager, user: AuthUser, id: string) {
    const provider = await this.profiles.of(user, manager);
    const service = await manager.findOne(ServiceListing, { where: { id, providerId: provider.id }, lock: this.transactions.rowLock });
    if (!service) throw serviceNotFound();
    const bookings = (await serviceBookingCounts(manager, [id])).get(id) ?? 0;
    return { service, bookings };
  }

  private async assertCategory(manager: EntityManager, categoryId: number) {
    if (!(await manager.existsBy(ServiceCategory, { id: categoryId }))) {
      throw new BadRequestException({
        code: 'validation_failed',
        message: `Invalid request: categoryId ${categoryId} is not a service category`,
        fields: { categoryId: 'categoryExists' },
      });
    }
  }
}
