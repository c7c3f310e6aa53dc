export * from './conversation.repository';
export * from './conversation-mails';
