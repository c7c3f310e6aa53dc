import { Module } from '@nestjs/common';
import { MailTemplateRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { ListMailTemplatesHandler, PreviewMailTemplateHandler, UpdateMailTemplateHandler } from './mail-template-handlers';
import { MailTemplatesController } from './mail-templates.controller';

/** Customer mails: their templates, in settings: list, edit (compare-and-set on version), preview with a sample order. */
@Module({
  controllers: [MailTemplatesController],
  providers: [
    { provide: MailTemplateRepository, inject: [DataSource], useFactory: (ds: DataSource) => new MailTemplateRepository(ds) },
    ListMailTemplatesHandler,
    UpdateMailTemplateHandler,
    PreviewMailTemplateHandler,
  ],
})
export class CustomerMailsModule {}
