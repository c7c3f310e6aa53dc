import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DomainError } from '@oms/domain';
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { Allow, AllowOrLink, CurrentUser, Download, DownloadOrLink, Public, SignedInUser } from '../auth/access.decorators';
import { ErrorAnswers, FileAnswer } from '../contract/file-answer';
import { one } from '../common/http/envelope';
import { AnswerEstimate, CheckApprovalLink, RequestApprove } from './approval/approval.handlers';
import { CreateEstimate, UpdateEstimate } from './editing/edit-estimate.handler';
import {
  AnswerEstimateBody,
  ApprovalLinkQuery,
  AttachEstimateFileBody,
  CreateEstimateBody,
  EstimateDownloadQuery,
  EstimateFileDownloadQuery,
  EstimateFileParam,
  EstimateIdParam,
  EstimateVersionQuery,
  RequestApproveBody,
  UpdateEstimateBody,
} from './estimate.dto';
import { EstimateDocuments, EstimatePdf } from './files/estimate-documents';
import { AttachEstimateFile, RemoveEstimateFile } from './files/estimate-files.handlers';
import { EstimateFileLink } from './files/estimate-file-link';
import { EstimatePayments, GetEstimate } from './queries/estimate-queries';

/** Pages reached by a mailed link must not leak their token to another site through the Referer. */
const NO_REFERRER = { 'Referrer-Policy': 'no-referrer' };

function sendPdf(reply: FastifyReply, pdf: EstimatePdf, headers: Record<string, string> = {}) {
  return reply
    .headers({ ...headers, 'Content-Type': 'application/pdf', 'Content-Disposition': contentDisposition(pdf.fileName, { type: 'inline' }), 'Cache-Control': 'private, no-store' })
    .send(pdf.body);
}

/** Estimates (SPEC.md §7), under /customers/estimates. One line per route; the work is in the handlers. */
@Controller('customers/estimates')
export class EstimatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly documents: EstimateDocuments,
    private readonly fileLinks: EstimateFileLink,
  ) {}

  @Get('payments')
  @Allow('customers.read')
  async payments() {
    return one(await this.queries.execute(new EstimatePayments()));
  }

  /** Whether an approval link can still answer, and what its page shows. Public: the token is the authorisation. */
  @Get('check')
  @Public()
  async check(@Query() { linkToken }: ApprovalLinkQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.headers(NO_REFERRER);
    return one(await this.queries.execute(new CheckApprovalLink(linkToken)));
  }

  @Put('approve')
  @AllowOrLink('estimates.approve')
  async answer(@CurrentUser() user: SignedInUser | undefined, @Body() body: AnswerEstimateBody, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.headers(NO_REFERRER);
    return one(await this.commands.execute(new AnswerEstimate(body, user ?? null)));
  }

  @Get('download')
  @DownloadOrLink('customers.read')
  @ErrorAnswers(404)
  @FileAnswer('application/pdf', "The estimate's PDF: the current revision, or `revision` as it was issued.")
  async download(@CurrentUser() user: SignedInUser | undefined, @Query() query: EstimateDownloadQuery, @Res() reply: FastifyReply) {
    // No user: the guard let the request through on its link token alone, which decides what it may open.
    if (!user) return sendPdf(reply, await this.documents.pdfThroughLink(query.linkToken ?? ''), NO_REFERRER);
    if (!query.id) throw new DomainError('NAL-404');
    return sendPdf(reply, await this.documents.pdf(String(query.id), query.revision));
  }

  @Get('download-template')
  @Download('customers.read')
  @FileAnswer('application/pdf', 'The blank estimate form (docs/decisions.md "Estimate template").')
  async downloadTemplate(@Res() reply: FastifyReply) {
    return sendPdf(reply, await this.documents.blankForm());
  }

  @Get('download-file')
  @Download('customers.read')
  @ErrorAnswers(404)
  @FileAnswer('application/octet-stream', "The estimate's uploaded file: a redirect to its short-lived storage URL.")
  async downloadFile(@Query() query: EstimateFileDownloadQuery, @Res() reply: FastifyReply) {
    return reply.redirect(await this.fileLinks.urlOf(String(query.id)), 302);
  }

  @Post()
  @Allow('estimates.edit')
  async create(@CurrentUser() user: SignedInUser, @Body() body: CreateEstimateBody) {
    return one(await this.commands.execute(new CreateEstimate(body, user)));
  }

  @Get(':id')
  @Allow('customers.read')
  async get(@CurrentUser() user: SignedInUser, @Param() { id }: EstimateIdParam) {
    return one(await this.queries.execute(new GetEstimate(String(id), user.role)));
  }

  @Put(':id')
  @Allow('estimates.edit')
  async update(@CurrentUser() user: SignedInUser, @Param() { id }: EstimateIdParam, @Body() body: UpdateEstimateBody) {
    return one(await this.commands.execute(new UpdateEstimate(String(id), body, user)));
  }

  @Put(':id/request-approve')
  @Allow('estimates.edit')
  async requestApprove(@CurrentUser() user: SignedInUser, @Param() { id }: EstimateIdParam, @Body() body: RequestApproveBody) {
    return one(await this.commands.execute(new RequestApprove(String(id), body, user)));
  }

  @Put(':estimateId/upload')
  @Allow('estimates.edit')
  async upload(@CurrentUser() user: SignedInUser, @Param() { estimateId }: EstimateFileParam, @Body() body: AttachEstimateFileBody) {
    return one(await this.commands.execute(new AttachEstimateFile(String(estimateId), body, user)));
  }

  @Delete(':estimateId/file')
  @Allow('estimates.edit')
  async removeFile(@CurrentUser() user: SignedInUser, @Param() { estimateId }: EstimateFileParam, @Query() { version }: EstimateVersionQuery) {
    return one(await this.commands.execute(new RemoveEstimateFile(String(estimateId), version, user)));
  }
}
