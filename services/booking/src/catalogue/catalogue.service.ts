import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DISPLAY_DEFAULTS,
  type ServiceCategoryDto,
  type ServiceListResponse,
  type ServiceSummaryDto,
} from '@khidma/contracts';
import { DataSource } from 'typeorm';
import { ListServicesQuery } from './dto/list-services.query.js';
import { Provider } from './entities/provider.entity.js';
import { ServiceCategory } from './entities/service-category.entity.js';
import { ServiceListing } from './entities/service-listing.entity.js';

/** Arabic twin of DISPLAY_DEFAULTS.location for services offered at the client's address. */
const YOUR_AREA_AR = 'منطقتك';

type ListedService = ServiceListing & { provider: Provider; category: ServiceCategory };

/** Read side of the catalogue: only active services of approved providers are public. */
@Injectable()
export class CatalogueService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async listCategories(): Promise<ServiceCategoryDto[]> {
    const categories = await this.dataSource
      .getRepository(ServiceCategory)
      .find({ order: { sortOrder: 'ASC', id: 'ASC' } });
    const counts = await this.dataSource
      .createQueryBuilder()
      .select('s.categoryId', 'categoryId')
      .addSelect('COUNT(DISTINCT s.providerId)', 'providers')
      .from(ServiceListing, 's')
      .innerJoin(Provider, 'p', 'p.id = s.providerId')
      .where('s.status = :active', { active: 'active' })
      .andWhere('p.status = :approved', { approved: 'approved' })
      .groupBy('s.categoryId')
      .getRawMany<{ categoryId: number | string; providers: number | string }>();
    // Drivers return COUNT and grouped keys as numbers or strings depending on the database.
    const providerCount = new Map(counts.map((row) => [Number(row.categoryId), Number(row.providers)]));
    return categories.map((category) => ({
      id: category.id,
      slug: category.slug,
      name: category.name,
      nameAr: category.nameAr,
      description: category.description,
      descriptionAr: category.descriptionAr,
      icon: category.icon,
      color: category.color,
      startingPrice: category.startingPrice,
      providerCount: providerCount.get(category.id) ?? 0,
    }));
  }

  async listServices(query: ListServicesQuery): Promise<ServiceListResponse> {
    const builder = this.dataSource
      .getRepository(ServiceListing)
      .createQueryBuilder('s')
      .innerJoinAndSelect('s.provider', 'p')
      .innerJoinAndSelect('s.category', 'c')
      .where('s.status = :active', { active: 'active' })
      .andWhere('p.status = :approved', { approved: 'approved' });
    if (query.category) {
      builder.andWhere('(LOWER(c.slug) = :category OR LOWER(c.name) = :category OR c.nameAr = :categoryAr)', {
        category: query.category.toLowerCase(),
        categoryAr: query.category,
      });
    }
    // Best rated first (the spec's default sort) by the rating the card shows, so an unrated service
    // sits where its displayed default puts it; the id keeps pages stable among equal ratings.
    builder
      .orderBy('COALESCE(s.rating, :defaultRating)', 'DESC')
      .setParameter('defaultRating', DISPLAY_DEFAULTS.serviceRating)
      .addOrderBy('s.createdAt', 'DESC')
      .addOrderBy('s.id', 'ASC')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit);
    const [services, total] = await builder.getManyAndCount();
    return {
      services: (services as ListedService[]).map(toSummary),
      total,
      page: query.page,
      limit: query.limit,
    };
  }
}

/** The card shape, with the spec §3 display defaults where a provider left a field open. */
function toSummary(service: ListedService): ServiceSummaryDto {
  return {
    id: service.id,
    slug: service.slug,
    categoryId: service.categoryId,
    categorySlug: service.category.slug,
    title: service.title,
    titleAr: service.titleAr,
    description: service.description,
    descriptionAr: service.descriptionAr,
    price: service.price,
    priceType: service.priceType,
    duration: service.durationMinutes ?? DISPLAY_DEFAULTS.durationMinutes,
    location: service.location ?? DISPLAY_DEFAULTS.location,
    locationAr: service.locationAr ?? YOUR_AREA_AR,
    rating: service.rating ?? DISPLAY_DEFAULTS.serviceRating,
    reviewCount: service.reviewCount,
    imageUrl: service.imageUrl,
    createdAt: service.createdAt.toISOString(),
    provider: {
      id: service.provider.id,
      name: service.provider.businessName,
      nameAr: service.provider.businessNameAr,
      avatar: service.provider.avatarUrl,
      rating: service.provider.rating ?? DISPLAY_DEFAULTS.providerRating,
      completedJobs: service.provider.completedJobs,
      verified: service.provider.verified,
    },
  };
}
