import { Module } from '@nestjs/common';
import { ORDER_COMMAND_CONTROLLERS, ORDER_COMMAND_PROVIDERS } from './commands';
import { ORDER_READ_CONTROLLERS, ORDER_READ_PROVIDERS } from './queries';

/** Orders (issue 5): the line commands, create and edit, the list, detail, history, errors and export. */
@Module({
  controllers: [...ORDER_COMMAND_CONTROLLERS, ...ORDER_READ_CONTROLLERS],
  providers: [...ORDER_COMMAND_PROVIDERS, ...ORDER_READ_PROVIDERS],
})
export class OrdersModule {}
