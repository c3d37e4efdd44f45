import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';

/** A small Redis client of its own for readiness pings, so a probe never waits behind job traffic. */
@Injectable()
export class RedisProbe implements OnApplicationShutdown {
  private client?: Redis;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {}

  get enabled() {
    return Boolean(this.config.REDIS_URL);
  }

  async ping(): Promise<string> {
    this.client ??= new Redis(this.config.REDIS_URL!, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => 1000,
    });
    if (this.client.status === 'wait') await this.client.connect();
    return this.client.ping();
  }

  async onApplicationShutdown() {
    this.client?.disconnect();
  }
}
