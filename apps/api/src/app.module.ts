import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, dataSourceOptions } from '@oms/infra';
import { AdminQueuesModule } from './admin-queues/admin-queues.module';
import { AccessGuard } from './auth/access.guard';
import { AuthModule } from './auth/auth.module';
import { IdempotencyInterceptor } from './common/http/idempotency/idempotency.interceptor';
import { IdempotencyService } from './common/http/idempotency/idempotency.service';
import { keyMutationsOf } from './common/http/idempotency/idempotent-routes';
import { QueuesModule } from './common/queues.module';
import { RepositoriesModule } from './common/repositories.module';
import { HealthModule } from './health/health.module';
import { ContractModule } from './contract/contract.module';
import { StorageModule } from './common/storage.module';
import { DepositsModule } from './deposits/deposits.module';
import { ConversationsModule } from './conversations/conversations.module';
import { MakerInquiriesModule } from './maker-inquiries/maker-inquiries.module';
import { CustomerInquiriesModule } from './customer-inquiries/customer-inquiries.module';
import { ShopPlatformsModule } from './shop-platforms/shop-platforms.module';
import { RevenuesModule } from './revenues/revenues.module';
import { EstimatesModule } from './estimates/estimates.module';
import { CustomersModule } from './customers/customers.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { CustomerMailsModule } from './customer-mails/customer-mails.module';
import { MakersModule } from './makers/makers.module';
import { OrdersModule } from './orders/orders.module';
import { MakerSideModule } from './maker-side/maker-side.module';
import { ProductsModule } from './products/products.module';
import { SettingsModule } from './settings/settings.module';
import { MediasModule } from './medias/medias.module';
import { UsersModule } from './users/users.module';

/** The areas, one module each; the OpenAPI contract is generated from their controllers (apps/api/src/contract). */
export const API_MODULES = [
  QueuesModule,
  RepositoriesModule,
  StorageModule,
  AuthModule,
  UsersModule,
  MakersModule,
  SettingsModule,
  ProductsModule,
  CustomersModule,
  EstimatesModule,
  OrdersModule,
  DepositsModule,
  RevenuesModule,
  ConversationsModule,
  MakerInquiriesModule,
  CustomerInquiriesModule,
  ShopPlatformsModule,
  MakerSideModule,
  CustomerMailsModule,
  DashboardModule,
  HealthModule,
  MediasModule,
  AdminQueuesModule,
  ContractModule,
];

/** The API: one module per area. Every route passes the access guard, which reads its declared permission. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    keyMutationsOf(API_MODULES);
    return {
      module: AppModule,
      imports: [TypeOrmModule.forRoot(dataSourceOptions(config.DATABASE_URL, config.DATABASE_POOL_SIZE)), CqrsModule.forRoot(), ...API_MODULES],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_GUARD, useClass: AccessGuard },
        IdempotencyService,
        // snake_case ⇄ camelCase is done by Fastify hooks around every route (common/http/wire-case.hooks.ts);
        // the Idempotency-Key by an interceptor on every mutation (keyMutationsOf, below).
        IdempotencyInterceptor,
      ],
      exports: [APP_CONFIG, IdempotencyService],
      global: true,
    };
  }
}
