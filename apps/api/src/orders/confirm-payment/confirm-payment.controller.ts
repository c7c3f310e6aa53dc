import { Body, Controller, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { BatchBodyNoFields, targetsOf } from '../order-selection.dto';
import { ConfirmPaymentBody } from './confirm-payment.dto';
import { ConfirmPayment, ConfirmPaymentOfMany } from './confirm-payment.handler';
import { ErrorAnswers } from '../../contract/file-answer';

/** PUT /orders/paid and /orders/batch/paid: payment confirmed for the selected lines. */
@Controller('orders')
export class ConfirmPaymentController {
  constructor(private readonly commands: CommandBus) {}

  @Put('batch/paid')
  @Allow('orders.payment')
  async batchPaid(@CurrentUser() actor: SignedInUser, @Body() body: BatchBodyNoFields) {
    return one(await this.commands.execute(new ConfirmPaymentOfMany(targetsOf(body), actor)));
  }

  /** Answers whether to offer ordering from makers, and the order's new time and version. */
  @ErrorAnswers(404)
  @Put('paid')
  @Allow('orders.payment')
  async paid(@CurrentUser() actor: SignedInUser, @Body() body: ConfirmPaymentBody) {
    const target = { orderId: String(body.orderId), version: body.version, lineIds: body.lineIds.map(String) };
    return one(await this.commands.execute(new ConfirmPayment(target, actor)));
  }
}
