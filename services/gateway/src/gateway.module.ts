import { type DynamicModule, Module } from '@nestjs/common';
import { CoreModule } from '@khidma/nest-kit';
import { AdminStatsController } from './admin/admin-stats.controller.js';
import { GatewayAuth } from './auth/gateway-auth.js';
import type { GatewayConfig } from './config.js';
import { DocsController } from './docs/docs.controller.js';
import { OpenApiService } from './docs/openapi.service.js';
import { GatewayHealthController } from './health/gateway-health.controller.js';
import { GatewayHttpSetup } from './http-setup.js';
import { Upstreams } from './proxy/upstreams.js';
import { RemotesController } from './remotes/remotes.controller.js';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      // nest-kit's /readyz only knows databases and Redis; the gateway's checks the services instead.
      imports: [CoreModule.forRoot({ config, health: false, queueMetrics: false })],
      controllers: [GatewayHealthController, RemotesController, DocsController, AdminStatsController],
      providers: [Upstreams, OpenApiService, GatewayAuth, GatewayHttpSetup],
    };
  }
}
