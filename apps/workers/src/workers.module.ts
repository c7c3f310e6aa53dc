import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, dataSourceOptions, Logger } from '@oms/infra';
import { ShipmentNoticesProcessor } from './customer-mails/shipment-notices.processor';
import { HeartbeatService } from './heartbeat.service';
import { MailProcessor } from './mail/mail.processor';
import { RetentionProcessor } from './maintenance/retention.processor';
import { RelayService } from './outbox/relay.service';
import { OrderSheetsProcessor } from './order-sheets/order-sheets.processor';
import { RemindersProcessor } from './reminders/reminders.processor';
import { Clock, CLOCK, systemClock, WORKER_LOGGER, WorkerRuntime } from './worker-runtime';

/** The workers process: the outbox relay, one processor per queue (mail, order sheets, reminders, customer mails, maintenance), the heartbeat. */
@Module({})
export class WorkersModule {
  static forRoot(config: AppConfig, log: Logger, clock: Clock = systemClock): DynamicModule {
    return {
      module: WorkersModule,
      imports: [TypeOrmModule.forRoot(dataSourceOptions(config.DATABASE_URL, config.DATABASE_POOL_SIZE))],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: WORKER_LOGGER, useValue: log },
        { provide: CLOCK, useValue: clock },
        WorkerRuntime,
        RelayService,
        MailProcessor,
        OrderSheetsProcessor,
        RemindersProcessor,
        ShipmentNoticesProcessor,
        RetentionProcessor,
        HeartbeatService,
      ],
    };
  }
}
