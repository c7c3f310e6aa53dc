import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { FieldValidationError, NotFoundError } from '@oms/domain';
import { changesCursor, changesCursorValue, ConversationRepository, FILE_STORAGE, FileStorage, messageCursor, messageCursorValue } from '@oms/infra';
import { DataSource } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import { CURSOR_INVALID } from '../common/http/page.query';
import { makerScope } from '../makers/maker-queries';
import { checkKindAllowed, readableConversation } from './conversation-access';
import { MessageListQuery } from './conversation.dto';
import { conversationView, ConversationView, MessagePage, messageView } from './conversation.view';

export class GetConversation extends Query<ConversationView> {
  constructor(readonly user: SignedInUser, readonly id: string) {
    super();
  }
}

@QueryHandler(GetConversation)
export class GetConversationHandler implements IQueryHandler<GetConversation> {
  constructor(private readonly conversations: ConversationRepository) {}

  async execute({ user, id }: GetConversation) {
    return conversationView(await readableConversation(this.conversations, id, user));
  }
}

export class GetCustomerConversation extends Query<ConversationView> {
  constructor(readonly user: SignedInUser, readonly customerId: string) {
    super();
  }
}

/** GET /conversations/customer/{id}: the customer's staff-only thread, made the first time anyone opens it. */
@QueryHandler(GetCustomerConversation)
export class GetCustomerConversationHandler implements IQueryHandler<GetCustomerConversation> {
  constructor(private readonly dataSource: DataSource, private readonly conversations: ConversationRepository) {}

  async execute({ user, customerId }: GetCustomerConversation) {
    return this.dataSource.transaction(async (m) => {
      const id = await this.conversations.openForCustomer(m, customerId);
      if (!id) throw new NotFoundError('customer');
      return conversationView(await readableConversation(this.conversations, id, user, m));
    });
  }
}

export class ListMessages extends Query<MessagePage | null> {
  constructor(readonly user: SignedInUser, readonly conversationId: string, readonly query: MessageListQuery) {
    super();
  }
}

const later = (a: string, b: string) => (BigInt(a) >= BigInt(b) ? a : b);

/**
 * GET …/{id}/message. A page reads the thread's change number first, then its messages: a message
 * posted between the two is in the page and comes again with the next poll (the console merges by id),
 * never missed. A poll (`since`) is one indexed read of the thread when nothing changed: null, which
 * the controller answers 304.
 */
@QueryHandler(ListMessages)
export class ListMessagesHandler implements IQueryHandler<ListMessages> {
  constructor(private readonly conversations: ConversationRepository) {}

  async execute({ user, conversationId, query }: ListMessages): Promise<MessagePage | null> {
    if (query.cursor !== undefined && query.since !== undefined) throw new FieldValidationError([{ field: 'since', errorCode: CURSOR_INVALID }]);
    if (query.since !== undefined) return this.changes(user, conversationId, query.since, query.perPage);
    const before = query.cursor === undefined ? null : messageCursorValue(conversationId, query.cursor);
    if (query.cursor !== undefined && before === null) throw new FieldValidationError([{ field: 'cursor', errorCode: CURSOR_INVALID }]);
    const conversation = await readableConversation(this.conversations, conversationId, user);
    const found = await this.conversations.earlier(conversationId, before, query.perPage);
    const rows = found.slice(0, query.perPage).reverse();
    return {
      data: rows.map((r) => messageView(r, user.id)),
      nextCursor: found.length > query.perPage ? messageCursor(conversationId, rows[0].id) : null,
      sinceCursor: changesCursor(conversationId, conversation.changeSeq),
      moreChanges: false,
      status: conversation.status,
      version: conversation.version,
    };
  }

  private async changes(user: SignedInUser, conversationId: string, cursor: string, perPage: number): Promise<MessagePage | null> {
    const since = changesCursorValue(conversationId, cursor);
    if (since === null) throw new FieldValidationError([{ field: 'since', errorCode: CURSOR_INVALID }]);
    const state = await this.conversations.pollState(conversationId, makerScope(user));
    if (!state) throw new NotFoundError('conversation');
    checkKindAllowed(user, state.kind);
    if (BigInt(state.changeSeq) <= BigInt(since)) return null;
    const found = await this.conversations.changedSince(conversationId, since, perPage);
    const rows = found.slice(0, perPage);
    const more = found.length > perPage;
    const last = rows.length ? rows[rows.length - 1].changeSeq : since;
    return {
      data: rows.map((r) => messageView(r, user.id)),
      nextCursor: null,
      sinceCursor: changesCursor(conversationId, more ? last : later(state.changeSeq, last)),
      moreChanges: more,
      status: state.status,
      version: state.version,
    };
  }
}

export class AttachmentUrl extends Query<string> {
  constructor(readonly user: SignedInUser, readonly conversationId: string, readonly messageId: string) {
    super();
  }
}

/** GET …/message/{msgId}/attachment: a short-lived URL of the storage for the file, to whoever may read the thread. */
@QueryHandler(AttachmentUrl)
export class AttachmentUrlHandler implements IQueryHandler<AttachmentUrl> {
  constructor(private readonly dataSource: DataSource, private readonly conversations: ConversationRepository, @Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async execute({ user, conversationId, messageId }: AttachmentUrl) {
    await readableConversation(this.conversations, conversationId, user);
    const file = (await this.conversations.message(this.dataSource.manager, conversationId, messageId))?.attachment;
    if (!file) throw new NotFoundError('file');
    return this.storage.signedDownloadUrl(file.key, { fileName: file.name, expiresInSeconds: 60 });
  }
}
