import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { targetOf, targetsOf } from '../order-selection.dto';
import { MakerShipBatchBody, MakerShipBody } from './maker-ship.dto';
import { MakerShip, MakerShipOfMany } from './maker-ship.handler';
import { OrderIdParam } from '../../common/http/id.param';

/** PUT /orders/:orderId/maker_ship_process and /orders/batch/maker_ship_process (the batch route first: `batch` is not an id). */
@Controller('orders')
export class MakerShipController {
  constructor(private readonly commands: CommandBus) {}

  @Put('batch/maker_ship_process')
  @Allow('orders.maker')
  async batchMakerShip(@CurrentUser() actor: SignedInUser, @Body() body: MakerShipBatchBody) {
    return one(await this.commands.execute(new MakerShipOfMany(targetsOf(body), body, actor)));
  }

  @Put(':orderId/maker_ship_process')
  @Allow('orders.maker')
  async makerShip(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: MakerShipBody) {
    return one(await this.commands.execute(new MakerShip(targetOf(orderId, body), body, actor)));
  }
}
