import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, dataSourceOptions, Logger } from '@oms/infra';
import { ConversationMailsProcessor } from './conversations/conversation-mails.processor';
import { CustomerInquiryMailsProcessor } from './customer-inquiries/customer-inquiry-mails.processor';
import { DepositMatchingProcessor } from './deposits/deposit-matching.processor';
import { ApprovalMailsProcessor } from './estimates/approval-mails.processor';
import { ShipmentNoticesProcessor } from './customer-mails/shipment-notices.processor';
import { HeartbeatService } from './heartbeat.service';
import { MailProcessor } from './mail/mail.processor';
import { RetentionProcessor } from './maintenance/retention.processor';
import { MAKER_SIDE_PROCESSORS } from './maker-side';
import { RelayService } from './outbox/relay.service';
import { RevenueSyncProcessor } from './revenues/revenue-sync.processor';
import { SHOP_PLATFORM_PROCESSORS } from './shop-platforms';
import { Clock, CLOCK, systemClock, WORKER_LOGGER, WorkerRuntime } from './worker-runtime';

/** The queue processors, one entry per area (an area with several queues lists them in its folder's index.ts). */
export const WORKER_PROCESSORS = [MailProcessor, ...MAKER_SIDE_PROCESSORS, ShipmentNoticesProcessor, ApprovalMailsProcessor, DepositMatchingProcessor, RevenueSyncProcessor, ConversationMailsProcessor, CustomerInquiryMailsProcessor, ...SHOP_PLATFORM_PROCESSORS, RetentionProcessor];

/** The workers process: the outbox relay, one processor per queue (mail, order sheets, reminders, customer mails, estimate mails, deposits, revenues, conversation mails, customer inquiry mails, shop platforms, maintenance), the heartbeat. */
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
        ...WORKER_PROCESSORS,
        HeartbeatService,
      ],
    };
  }
}
