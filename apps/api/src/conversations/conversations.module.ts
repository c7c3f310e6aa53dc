import { Module } from '@nestjs/common';
import { ConversationRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { ChangeMessageHandler, OpenMakerConversationHandler, PostMessageHandler, SetConversationStatusHandler } from './conversation-commands';
import { AttachmentUrlHandler, GetConversationHandler, GetCustomerConversationHandler, ListMessagesHandler } from './conversation-queries';
import { ConversationsController } from './conversations.controller';

export const conversationRepositoryProvider = { provide: ConversationRepository, inject: [DataSource], useFactory: (ds: DataSource) => new ConversationRepository(ds) };

@Module({
  controllers: [ConversationsController],
  providers: [
    conversationRepositoryProvider,
    OpenMakerConversationHandler, PostMessageHandler, ChangeMessageHandler, SetConversationStatusHandler,
    GetConversationHandler, GetCustomerConversationHandler, ListMessagesHandler, AttachmentUrlHandler,
  ],
})
export class ConversationsModule {}
