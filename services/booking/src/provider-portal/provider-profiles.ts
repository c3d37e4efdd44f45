import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@khidma/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { Provider } from '../catalogue/entities/provider.entity.js';

export const providerProfileMissing = () =>
  new NotFoundException({ code: 'provider_profile_missing', message: 'This account has no provider profile' });

/** The caller's own provider profile (`providers.userId` = the token's subject), or 404. */
@Injectable()
export class ProviderProfiles {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async of(user: AuthUser, manager: EntityManager = this.dataSource.manager): Promise<Provider> {
    const provider = await manager.findOneBy(Provider, { userId: user.id });
    if (!provider) throw providerProfileMissing();
    return provider;
  }
}
