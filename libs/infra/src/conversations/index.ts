export * from './conversation.repository';
