import { CONVERSATION_LIMITS, SETTABLE_CONVERSATION_STATUSES } from '@oms/domain';
import { Cursor } from '../common/http/page.query';
import { Id, Int, OneOfNumbers, Optional, Required, Text, Version } from '../common/validation/rules';

/** POST /conversations/maker: the thread of an order and one of its makers, or of a maker inquiry (NAL-CHAT-008: one or the other). */
export class OpenMakerConversationBody {
  @Optional()
  @Id()
  orderId?: number;

  @Optional()
  @Id()
  makerId?: number;

  @Optional()
  @Id()
  makerInquiryId?: number;
}

/**
 * GET /conversations/{id}/message: without a cursor the thread's latest page; `cursor` (an answer's
 * `next_cursor`) the page before it; `since` (an answer's `since_cursor`) only what changed after it
 * (new, edited and deleted messages), 304 when nothing did. Messages come oldest first.
 */
export class MessageListQuery {
  @Optional()
  @Cursor()
  cursor?: string;

  @Optional()
  @Cursor()
  since?: string;

  @Optional()
  @Int(1, CONVERSATION_LIMITS.perPageMax)
  perPage: number = CONVERSATION_LIMITS.perPageDefault;
}

/** PUT …/message/{msgId}: the new text; plain text, shown as text (never as HTML). */
export class MessageBody {
  @Required()
  @Text(CONVERSATION_LIMITS.contentMax)
  content!: string;
}

/**
 * POST …/message: text, a file (the `s3_path` of a media upload: GET /medias/presigned_url, then PUT),
 * or both; without either it is refused (422 `required` on `content`).
 */
export class PostMessageBody {
  @Optional()
  @Text(CONVERSATION_LIMITS.contentMax)
  content?: string | null;

  @Optional()
  @Text(1000)
  attachmentS3Path?: string | null;
}



export class MessageParams {
  @Required()
  @Id()
  id!: number;

  @Required()
  @Id()
  msgId!: number;
}

/** PUT /conversations/{id}: staff set a maker thread's status by hand, at the version they read. */
export class ConversationStatusBody {
  @Required()
  @OneOfNumbers(SETTABLE_CONVERSATION_STATUSES)
  status!: number;

  @Required()
  @Version()
  version!: number;
}

/** GET …/message/{msgId}/attachment: the message's file, with the media token (GET /medias/token). */
export class AttachmentDownloadQuery {
  @Optional()
  @Text(1000)
  token?: string;
}
