import { Module } from '@nestjs/common';
import { ContractController } from './contract.controller';

/** GET /openapi.json; the reference page (development only) is mounted by configureApp. */
@Module({ controllers: [ContractController] })
export class ContractModule {}
