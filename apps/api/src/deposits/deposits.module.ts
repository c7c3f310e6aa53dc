import { Module } from '@nestjs/common';
import { DepositLedger, DepositRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { UploadsModule } from '../common/uploads/uploads.module';
import { RevertDepositHandler, RevertDepositRecordHandler, UpdateOrderDepositHandler } from './deposit-changes';
import { DepositCsvHandler, DepositFileUrlHandler } from './deposit-files';
import { GetDepositHandler, ListDepositRecordsHandler, ListDepositsHandler, OrderDepositsHandler } from './deposit-queries';
import { DepositsController } from './deposits.controller';
import { UploadDepositHandler } from './upload-deposit';

/** Deposits (issue 13): bank files in, matched by the workers (apps/workers deposits/), reviewed, fixed and taken back here. */
@Module({
  imports: [UploadsModule],
  controllers: [DepositsController],
  providers: [
    { provide: DepositRepository, inject: [DataSource], useFactory: (ds: DataSource) => new DepositRepository(ds) },
    { provide: DepositLedger, inject: [DepositRepository], useFactory: (deposits: DepositRepository) => new DepositLedger(deposits) },
    UploadDepositHandler,
    UpdateOrderDepositHandler,
    RevertDepositRecordHandler,
    RevertDepositHandler,
    ListDepositsHandler,
    GetDepositHandler,
    ListDepositRecordsHandler,
    OrderDepositsHandler,
    DepositFileUrlHandler,
    DepositCsvHandler,
  ],
})
export class DepositsModule {}
