import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Allow, Public } from '../auth/access.decorators';
import { ErrorAnswers } from '../contract/file-answer';
import { one } from '../common/http/envelope';
import { IdParam } from '../common/http/id.param';
import {
  FetchShopOrdersNow,
  FinishShopAuthorization,
  GetPaymentMappings,
  GetShopConnection,
  SavePaymentMappings,
  SaveShopConnection,
  StartShopAuthorization,
  TestShopConnection,
} from './shop-connection-handlers';
import { oauthAnswer, PaymentMappingsBody, ShopConnectionBody } from './shop-connection.dto';

/**
 * A shop's connection to its platform (issue 17; SPEC.md §2 settings: connection): the import's schedule,
 * a test, 'fetch now', Color Me's authorization and the shop's payment mappings.
 */
@Controller('shops/:id/connection')
export class ShopConnectionsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @Allow('settings.read')
  async get(@Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetShopConnection(String(id))));
  }

  @Put()
  @Allow('settings.write')
  async save(@Param() { id }: IdParam, @Body() body: ShopConnectionBody) {
    return one(await this.commands.execute(new SaveShopConnection(String(id), body)));
  }

  /** Calls the platform with the shop's credentials and says what failed. */
  @Post('test')
  @HttpCode(200)
  @Allow('settings.write')
  @ErrorAnswers(503)
  async test(@Param() { id }: IdParam) {
    return one(await this.commands.execute(new TestShopConnection(String(id))));
  }

  /** Starts an import run now (the workers take it in the platform's turn); the connection's status follows. */
  @Post('fetch-now')
  @HttpCode(202)
  @Allow('settings.write')
  async fetchNow(@Param() { id }: IdParam) {
    return one(await this.commands.execute(new FetchShopOrdersNow(String(id))));
  }

  /** Color Me: the platform's authorization page to send staff to. */
  @Post('authorization')
  @HttpCode(200)
  @Allow('settings.write')
  async authorize(@Param() { id }: IdParam) {
    return one(await this.commands.execute(new StartShopAuthorization(String(id))));
  }

  @Get('payment-mappings')
  @Allow('settings.read')
  async paymentMappings(@Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetPaymentMappings(String(id))));
  }

  @Put('payment-mappings')
  @Allow('settings.write')
  async savePaymentMappings(@Param() { id }: IdParam, @Body() body: PaymentMappingsBody) {
    return one(await this.commands.execute(new SavePaymentMappings(String(id), body)));
  }
}

/** Where the platform sends staff's browser back after the authorization: on to the console's connection page. */
@Controller('shop-connections/oauth')
export class ShopAuthorizationCallbackController {
  constructor(private readonly commands: CommandBus) {}

  // The query is read as the platform sends it (like the sign-in callbacks): whatever it holds, staff's
  // browser goes back to the console with the outcome (a 302 to the shop's connection page with
  // `authorization=ok|denied|failed`, or to the shops with `authorization=expired`), never to an error page.
  @Get('callback')
  @Public()
  async callback(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return reply.redirect(await this.commands.execute(new FinishShopAuthorization(oauthAnswer(req.query))), 302);
  }
}
