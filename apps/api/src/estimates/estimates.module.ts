import { Module } from '@nestjs/common';
import { EstimateRepository, SettingsOptionRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { AnswerEstimateHandler, CheckApprovalLinkHandler, RequestApproveHandler } from './approval/approval.handlers';
import { CreateEstimateHandler, UpdateEstimateHandler } from './editing/edit-estimate.handler';
import { EstimatesController } from './estimates.controller';
import { EstimateDocuments } from './files/estimate-documents';
import { EstimateFileLink } from './files/estimate-file-link';
import { AttachEstimateFileHandler, RemoveEstimateFileHandler } from './files/estimate-files.handlers';
import { CustomerEstimateHistoryHandler, EstimatePaymentsHandler, GetEstimateHandler } from './queries/estimate-queries';

/** Estimates (issue 12): quotations, their approval workflow and links, revisions, PDFs and the attached file. */
@Module({
  controllers: [EstimatesController],
  providers: [
    { provide: EstimateRepository, useFactory: () => new EstimateRepository() },
    { provide: SettingsOptionRepository, inject: [DataSource], useFactory: (ds: DataSource) => new SettingsOptionRepository(ds) },
    EstimateDocuments,
    EstimateFileLink,
    CreateEstimateHandler,
    UpdateEstimateHandler,
    RequestApproveHandler,
    AnswerEstimateHandler,
    CheckApprovalLinkHandler,
    AttachEstimateFileHandler,
    RemoveEstimateFileHandler,
    GetEstimateHandler,
    EstimatePaymentsHandler,
    CustomerEstimateHistoryHandler,
  ],
})
export class EstimatesModule {}
