import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { targetOf, targetsOf } from '../order-selection.dto';
import { MakerReceiveBatchBody, MakerReceiveBody } from './maker-receive.dto';
import { MakerReceive, MakerReceiveOfMany } from './maker-receive.handler';
import { OrderIdParam } from '../../common/http/id.param';

/** PUT /orders/:orderId/maker_received_process and /orders/batch/maker_received_process (the batch route first: `batch` is not an id). */
@Controller('orders')
export class MakerReceiveController {
  constructor(private readonly commands: CommandBus) {}

  @Put('batch/maker_received_process')
  @Allow('orders.maker')
  async batchMakerReceive(@CurrentUser() actor: SignedInUser, @Body() body: MakerReceiveBatchBody) {
    return one(await this.commands.execute(new MakerReceiveOfMany(targetsOf(body), body, actor)));
  }

  @Put(':orderId/maker_received_process')
  @Allow('orders.maker')
  async makerReceive(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: MakerReceiveBody) {
    return one(await this.commands.execute(new MakerReceive(targetOf(orderId, body), body, actor)));
  }
}
