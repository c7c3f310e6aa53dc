import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser, Download, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { OrderIdParam } from '../../common/http/id.param';
import { ErrorAnswers, FileAnswer } from '../../contract/file-answer';
import { DownloadTokenQuery, PrintDocumentParam, PrintDocumentQuery, PrintDocumentsBody, PrintDocumentsDownloadQuery } from './print-documents.dto';
import { DownloadPrintDocuments, IssuePrintDocuments, PrintDocumentPdf, PrintOrderDocument } from './print-documents.handler';

function sendPdf(reply: FastifyReply, pdf: PrintDocumentPdf) {
  return reply
    .headers({ 'Content-Type': 'application/pdf', 'Content-Disposition': contentDisposition(pdf.fileName, { type: 'inline' }), 'Cache-Control': 'private, no-store' })
    .send(pdf.body);
}

/**
 * Print documents of orders (SPEC.md §2, §7 download-bill; docs/decisions.md "Print documents"): the
 * first print issues the document (numbered, its content frozen), later ones reprint it marked 再発行.
 */
@Controller('orders')
export class PrintDocumentsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('documents')
  @HttpCode(200)
  @Allow('orders.print')
  async issue(@CurrentUser() actor: SignedInUser, @Body() body: PrintDocumentsBody) {
    return one(await this.commands.execute(new IssuePrintDocuments(body.kind, body.orderIds.map(String), body, actor)));
  }

  @Get('documents/download')
  @Download('orders.print')
  @ErrorAnswers(404)
  @FileAnswer('application/pdf', 'The issued documents of the orders, one after the other, in one PDF.')
  async download(@CurrentUser() actor: SignedInUser, @Query() query: PrintDocumentsDownloadQuery, @Res() reply: FastifyReply) {
    return sendPdf(reply, await this.commands.execute(new DownloadPrintDocuments(query.kind, query.ids.map(String), actor)));
  }

  @Get(':orderId/download-bill')
  @Download('orders.print')
  @FileAnswer('application/pdf', "The order's invoice (請求書), issued on its first print.")
  async bill(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Query() _query: DownloadTokenQuery, @Res() reply: FastifyReply) {
    return sendPdf(reply, await this.commands.execute(new PrintOrderDocument('invoice', String(orderId), {}, actor)));
  }

  @Get(':orderId/documents/:kind')
  @Download('orders.print')
  @FileAnswer('application/pdf', "The order's document of the kind, issued on its first print (a receipt with its addressee and proviso).")
  async document(@CurrentUser() actor: SignedInUser, @Param() { orderId, kind }: PrintDocumentParam, @Query() query: PrintDocumentQuery, @Res() reply: FastifyReply) {
    return sendPdf(reply, await this.commands.execute(new PrintOrderDocument(kind, String(orderId), query, actor)));
  }
}
