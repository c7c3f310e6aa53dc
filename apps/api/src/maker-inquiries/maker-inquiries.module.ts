import { Module } from '@nestjs/common';
import { MakerInquiryRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { conversationRepositoryProvider } from '../conversations/conversations.module';
import { CreateMakerInquiryHandler, UpdateMakerInquiryHandler } from './maker-inquiry-commands';
import { GetMakerInquiryHandler, ListMakerInquiriesHandler } from './maker-inquiry-queries';
import { MakerInquiriesController } from './maker-inquiries.controller';

@Module({
  controllers: [MakerInquiriesController],
  providers: [
    { provide: MakerInquiryRepository, inject: [DataSource], useFactory: (ds: DataSource) => new MakerInquiryRepository(ds) },
    conversationRepositoryProvider,
    CreateMakerInquiryHandler, UpdateMakerInquiryHandler, ListMakerInquiriesHandler, GetMakerInquiryHandler,
  ],
})
export class MakerInquiriesModule {}
