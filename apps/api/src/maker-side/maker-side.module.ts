import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, OrderRepository, SecretBox } from '@oms/infra';
import { MakerConfirmationsController, OrderSheetsController } from './maker-side.controllers';
import { AnswerMakerConfirmationHandler, ChangeMakerShipDateHandler, GetMakerConfirmationHandler, MakerSheetHandler } from './maker-confirmations';
import { DownloadOrderSheetHandler, ListOrderSheetsHandler, RequestOrderSheetHandler } from './order-sheets';

/** The makers' side (issue 6): the public confirmation page's calls and the order sheets of an order. */
@Module({
  controllers: [MakerConfirmationsController, OrderSheetsController],
  providers: [
    { provide: OrderRepository, useValue: new OrderRepository() },
    { provide: SecretBox, inject: [APP_CONFIG], useFactory: (config: AppConfig) => SecretBox.fromConfig(config) },
    GetMakerConfirmationHandler,
    AnswerMakerConfirmationHandler,
    ChangeMakerShipDateHandler,
    MakerSheetHandler,
    ListOrderSheetsHandler,
    RequestOrderSheetHandler,
    DownloadOrderSheetHandler,
  ],
})
export class MakerSideModule {}
