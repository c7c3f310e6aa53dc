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

/** POST and PUT …/message: plain text, shown as text (never as HTML). */
export class MessageBody {
  @Required()
  @Text(CONVERSATION_LIMITS.contentMax)
  content!: string;
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
