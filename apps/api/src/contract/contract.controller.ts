import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Public } from '../auth/access.decorators';
import { FileAnswer } from './file-answer';

/** The committed contract, beside the API's sources (apps/api/openapi.json): from dist/contract and src/contract alike. */
export const CONTRACT_FILE = join(__dirname, '../../openapi.json');

/**
 * The API's own description (DESIGN.md §4), as generated and committed. Public: it says what the
 * console's bundle already says, and tools read it without signing in.
 */
@Controller()
export class ContractController {
  private document: Promise<string> | undefined;

  @Get('openapi.json')
  @Public()
  @FileAnswer('application/json', 'The OpenAPI 3.1 document of this API.')
  async openapi(@Res() res: FastifyReply): Promise<void> {
    // Sent as written: the answer interceptor would snake_case its keys (operationId, $ref…).
    this.document ??= readFile(CONTRACT_FILE, 'utf8');
    void res.type('application/json; charset=utf-8').send(await this.document);
  }
}
