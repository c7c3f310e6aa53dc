import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { checkMessageChange, checkStatusChange, ConversationKind, ConversationStatus, DomainError, domainEvent, FieldValidationError, NotFoundError, otherSide, statusAfterMessage } from '@oms/domain';
import { appendToOutbox, claimUploadedMedia, ConversationRepository, FILE_STORAGE, FileStorage, MessageAttachment } from '@oms/infra';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import { makerScope } from '../makers/maker-queries';
import { readableConversation, sideOf } from './conversation-access';
import { deleteQuietly } from '../common/storage.module';
import { ConversationStatusBody, OpenMakerConversationBody, PostMessageBody } from './conversation.dto';
import { conversationView, ConversationView, messageView, MessageView } from './conversation.view';

/**
 * Posts a message in the caller's transaction: under the thread's lock, the thread's next change
 * number, the status of whoever wrote last (a maker thread), and for the other side the event that
 * mails them (batched by the workers). Maker inquiries post their first message through it too.
 */
export async function postMessage(
  m: EntityManager,
  conversations: ConversationRepository,
  conversation: { id: string; kind: ConversationKind },
  user: SignedInUser,
  content: string | null,
  attachment: MessageAttachment | null = null,
): Promise<string> {
  const side = sideOf(user);
  await conversations.lock(m, conversation.id);
  if (side === 'maker') await conversations.touchInquiry(m, conversation.id);
  const { changeSeq } = await conversations.nextChange(m, conversation.id, { status: statusAfterMessage(conversation.kind, side), messageBy: side });
  const messageId = await conversations.post(m, { conversationId: conversation.id, authorId: user.id, authorSide: side, content, attachment, changeSeq });
  if (otherSide(conversation.kind, side)) {
    await appendToOutbox(m, [domainEvent('conversation.message_posted', conversation.id, { conversationId: conversation.id, messageId, authorSide: side })]);
  }
  return messageId;
}

export class OpenMakerConversation extends Command<ConversationView> {
  constructor(readonly user: SignedInUser, readonly body: OpenMakerConversationBody) {
    super();
  }
}

/**
 * POST /conversations/maker: the thread of an order and one of its makers (made on first asking; a maker
 * account asks for its own only), or of a maker inquiry.
 */
@CommandHandler(OpenMakerConversation)
export class OpenMakerConversationHandler implements ICommandHandler<OpenMakerConversation> {
  constructor(private readonly dataSource: DataSource, private readonly conversations: ConversationRepository) {}

  async execute({ user, body }: OpenMakerConversation) {
    // A field sent as null is a field left out.
    const { orderId, makerId, makerInquiryId } = { orderId: body.orderId ?? null, makerId: body.makerId ?? null, makerInquiryId: body.makerInquiryId ?? null };
    const byOrder = orderId !== null || makerId !== null;
    if (byOrder === (makerInquiryId !== null) || (byOrder && (orderId === null || makerId === null))) throw new DomainError('NAL-CHAT-008');
    return this.dataSource.transaction(async (m) => {
      const scope = makerScope(user);
      let id: string | null;
      if (makerInquiryId !== null) {
        id = await this.conversations.idOfInquiry(m, String(makerInquiryId));
      } else {
        // A maker account opens its own maker's thread only: another maker's is no order of theirs.
        if (scope !== undefined && scope !== String(makerId)) throw new NotFoundError('order');
        const part = await this.conversations.orderHasMaker(m, String(orderId), String(makerId), scope);
        if (part === 'no order') throw new NotFoundError('order');
        if (part === 'no maker') throw new DomainError('NAL-CHAT-004');
        id = await this.conversations.openForOrder(m, String(orderId), String(makerId));
        if (!id) throw new DomainError('NAL-CHAT-004');
      }
      // One name for "not yours" and "none": a maker cannot tell another maker's inquiry from a missing one.
      if (!id) throw new NotFoundError('conversation');
      return conversationView(await readableConversation(this.conversations, id, user, m));
    });
  }
}

export class PostMessage extends Command<MessageView> {
  constructor(readonly user: SignedInUser, readonly conversationId: string, readonly body: PostMessageBody) {
    super();
  }
}

/**
 * POST …/message: text and/or a file. The file (a media upload) is taken over under the thread's own
 * key and checked by size and content before the message is written; refused or not written, it is deleted.
 */
@CommandHandler(PostMessage)
export class PostMessageHandler implements ICommandHandler<PostMessage> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly conversations: ConversationRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async execute({ user, conversationId, body }: PostMessage) {
    const content = body.content || null;
    const upload = body.attachmentS3Path || null;
    if (content === null && upload === null) throw new FieldValidationError([{ field: 'content', errorCode: 'required' }]);
    await readableConversation(this.conversations, conversationId, user);
    const media = upload === null ? null : await claimUploadedMedia(this.storage, upload, (fileName) => `conversations/${conversationId}/${randomUUID()}/${fileName}`, { field: 'attachment_s3_path' });
    try {
      return await this.dataSource.transaction(async (m) => {
        await this.conversations.lock(m, conversationId);
        const conversation = await readableConversation(this.conversations, conversationId, user, m);
        const attachment = media && { key: media.key, name: media.fileName, contentType: media.contentType, size: media.size };
        const messageId = await postMessage(m, this.conversations, conversation, user, content, attachment);
        return messageView((await this.conversations.message(m, conversationId, messageId))!, user.id);
      });
    } catch (error) {
      if (media) await deleteQuietly(this.storage, media.key);
      throw error;
    }
  }
}

export class ChangeMessage extends Command<MessageView> {
  /** `content` null: delete (the message stays as a tombstone). */
  constructor(readonly user: SignedInUser, readonly conversationId: string, readonly messageId: string, readonly content: string | null) {
    super();
  }
}

/** PUT and DELETE …/message/{msgId}: the author's own, within the edit window (libs/domain checkMessageChange). */
@CommandHandler(ChangeMessage)
export class ChangeMessageHandler implements ICommandHandler<ChangeMessage> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly conversations: ConversationRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async execute({ user, conversationId, messageId, content }: ChangeMessage) {
    let removedFile: string | null = null;
    const view = await this.dataSource.transaction(async (m) => {
      await this.conversations.lock(m, conversationId);
      await readableConversation(this.conversations, conversationId, user, m);
      const message = await this.conversations.message(m, conversationId, messageId);
      if (!message) throw new NotFoundError('message');
      checkMessageChange(message, user.id, new Date(), content === null ? 'delete' : 'edit');
      const unchanged = content === null ? message.deletedAt !== null : message.content === content;
      if (!unchanged) {
        const { changeSeq } = await this.conversations.nextChange(m, conversationId);
        await this.conversations.rewrite(m, messageId, content, changeSeq);
        if (content === null) removedFile = message.attachment?.key ?? null;
      }
      return messageView((await this.conversations.message(m, conversationId, messageId))!, user.id);
    });
    // A deleted message's file goes once the deletion is committed.
    if (removedFile) await deleteQuietly(this.storage, removedFile);
    return view;
  }
}

export class SetConversationStatus extends Command<ConversationView> {
  constructor(readonly user: SignedInUser, readonly id: string, readonly body: ConversationStatusBody) {
    super();
  }
}

/** PUT /conversations/{id}: staff set a maker thread's status at the version they read (NAL-CHAT-007); the order shows it beside the maker. */
@CommandHandler(SetConversationStatus)
export class SetConversationStatusHandler implements ICommandHandler<SetConversationStatus> {
  constructor(private readonly dataSource: DataSource, private readonly conversations: ConversationRepository) {}

  async execute({ user, id, body }: SetConversationStatus) {
    return this.dataSource.transaction(async (m) => {
      await this.conversations.lock(m, id);
      const conversation = await readableConversation(this.conversations, id, user, m);
      checkStatusChange(conversation.kind, sideOf(user));
      if (!(await this.conversations.setStatus(m, id, body.version, body.status as ConversationStatus))) throw new DomainError('NAL-CHAT-007');
      return conversationView((await this.conversations.find(id, makerScope(user), m))!);
    });
  }
}

