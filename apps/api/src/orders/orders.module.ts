import { Module } from '@nestjs/common';
import { OrderRepository, SettingsOptionRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { CancelController } from './cancel/cancel.controller';
import { CancelHandler, CancelOfManyHandler } from './cancel/cancel.handler';
import { ChangeRevenueController } from './change-revenue/change-revenue.controller';
import { ChangeRevenueHandler, ChangeRevenueOfManyHandler } from './change-revenue/change-revenue.handler';
import { ChangeStatusController } from './change-status/change-status.controller';
import { ChangeStatusHandler, ChangeStatusOfManyHandler } from './change-status/change-status.handler';
import { ConfirmPaymentController } from './confirm-payment/confirm-payment.controller';
import { ConfirmPaymentHandler, ConfirmPaymentOfManyHandler } from './confirm-payment/confirm-payment.handler';
import { DataPatchController } from './data-patch/data-patch.controller';
import { DataPatchHandler, DataPatchOfManyHandler } from './data-patch/data-patch.handler';
import { MakerReceiveController } from './maker-receive/maker-receive.controller';
import { MakerReceiveHandler, MakerReceiveOfManyHandler } from './maker-receive/maker-receive.handler';
import { MakerShipController } from './maker-ship/maker-ship.controller';
import { MakerShipHandler, MakerShipOfManyHandler } from './maker-ship/maker-ship.handler';
import { OrderToMakerController } from './order-to-maker/order-to-maker.controller';
import { OrderToMakerHandler, OrderToMakerOfManyHandler } from './order-to-maker/order-to-maker.handler';
import { PrintDocumentsController } from './print-documents/print-documents.controller';
import { DownloadPrintDocumentsHandler, IssuePrintDocumentsHandler, PrintOrderDocumentHandler } from './print-documents/print-documents.handler';
import { ORDER_READ_CONTROLLERS, ORDER_READ_PROVIDERS } from './queries';
import { RefundController } from './refund/refund.controller';
import { RefundHandler, RefundOfManyHandler } from './refund/refund.handler';
import { ReturnLinesController } from './return-lines/return-lines.controller';
import { ReturnLinesHandler, ReturnLinesOfManyHandler } from './return-lines/return-lines.handler';

/**
 * The line commands of DESIGN.md §5, one folder per use case (controller with its single and batch
 * route, DTO, command and handler); the unit of work they share is OrderRepository.change/changeMany.
 * They come before the reads and the edit: `PUT /orders/paid` is not `PUT /orders/:id`.
 */
const LINE_COMMAND_CONTROLLERS = [
  ConfirmPaymentController,
  OrderToMakerController,
  MakerReceiveController,
  MakerShipController,
  DataPatchController,
  ChangeStatusController,
  ReturnLinesController,
  RefundController,
  CancelController,
  ChangeRevenueController,
];
const LINE_COMMAND_HANDLERS = [
  ConfirmPaymentHandler,
  ConfirmPaymentOfManyHandler,
  OrderToMakerHandler,
  OrderToMakerOfManyHandler,
  MakerReceiveHandler,
  MakerReceiveOfManyHandler,
  MakerShipHandler,
  MakerShipOfManyHandler,
  DataPatchHandler,
  DataPatchOfManyHandler,
  ChangeStatusHandler,
  ChangeStatusOfManyHandler,
  ReturnLinesHandler,
  ReturnLinesOfManyHandler,
  RefundHandler,
  RefundOfManyHandler,
  CancelHandler,
  CancelOfManyHandler,
  ChangeRevenueHandler,
  ChangeRevenueOfManyHandler,
];

/** Orders (issue 5): the line commands, create and edit, the list, detail, history, errors and export; print documents (issue 14). */
@Module({
  controllers: [...LINE_COMMAND_CONTROLLERS, PrintDocumentsController, ...ORDER_READ_CONTROLLERS],
  providers: [
    { provide: OrderRepository, useValue: new OrderRepository() },
    { provide: SettingsOptionRepository, inject: [DataSource], useFactory: (ds: DataSource) => new SettingsOptionRepository(ds) },
    ...LINE_COMMAND_HANDLERS,
    PrintOrderDocumentHandler,
    IssuePrintDocumentsHandler,
    DownloadPrintDocumentsHandler,
    ...ORDER_READ_PROVIDERS,
  ],
})
export class OrdersModule {}
