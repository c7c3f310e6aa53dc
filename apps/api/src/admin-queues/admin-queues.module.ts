import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AdminQueuesController } from './admin-queues.controller';
import { AdminQueuesMiddleware } from './admin-queues.middleware';

/**
 * Bull Board at /api/v1/admin/queues (system administrators). Its queues are the API's QueueRegistry
 * ones, which QueuesModule closes on shutdown.
 */
@Module({ imports: [AuthModule], controllers: [AdminQueuesController] })
export class AdminQueuesModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(AdminQueuesMiddleware)
      .forRoutes({ path: 'admin/queues', method: RequestMethod.ALL }, { path: 'admin/queues/{*path}', method: RequestMethod.ALL });
  }
}
