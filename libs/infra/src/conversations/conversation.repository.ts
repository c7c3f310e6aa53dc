import { ChatSide, ConversationKind, ConversationStatus } from '@oms/domain';
import { DataSource, EntityManager } from 'typeorm';
import { decodeCursor, encodeCursor, KeysetOrder } from '../database/keyset';
import { makerParam, makerSeesOrder } from '../orders/maker-scope';

/** A thread as stored (SPEC.md §3 "Conversation"). */
export interface ConversationRow {
  id: string;
  kind: ConversationKind;
  orderId: string | null;
  makerId: string | null;
  makerName: string | null;
  makerInquiryId: string | null;
  customerId: string | null;
  status: ConversationStatus;
  changeSeq: string;
  lastMessageAt: Date | null;
  lastAuthorSide: ChatSide | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** A message as read, with its author's name (a deleted message has no content). */
export interface MessageRow {
  id: string;
  conversationId: string;
  authorId: string | null;
  authorName: string | null;
  authorSide: ChatSide;
  content: string | null;
  changeSeq: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
}

/** Who reads: staff (undefined) or a maker account's maker (null: a maker account without one, which sees nothing). */
export type MakerScope = string | null | undefined;

/** The messages' cursors, in the shared keyset format (libs/infra database/keyset): earlier pages by id, polls by change. */
const EARLIER: KeysetOrder = { name: 'messages', column: null, id: 'm.id', desc: true };
const CHANGES: KeysetOrder = { name: 'message_changes', column: null, id: 'm.change_seq', desc: false };
export const messageCursor = (id: string) => encodeCursor({ sort: EARLIER.name, page: 1, values: [id] });
export const changesCursor = (seq: string) => encodeCursor({ sort: CHANGES.name, page: 1, values: [seq] });
/** The message id (`cursor`) or change number (`since`) a cursor holds; null when it is not one of ours. */
export const messageCursorValue = (text: string) => decodeCursor(text, EARLIER)?.values[0]?.toString() ?? null;
export const changesCursorValue = (text: string) => {
  if (text === changesCursor('0')) return '0';
  return decodeCursor(text, CHANGES)?.values[0]?.toString() ?? null;
};

const CONVERSATION_COLUMNS = `c.id::text AS "id", c.kind, c.order_id::text AS "orderId", c.maker_id::text AS "makerId", mk.name AS "makerName",
  c.maker_inquiry_id::text AS "makerInquiryId", c.customer_id::text AS "customerId", c.status, c.change_seq::text AS "changeSeq",
  c.last_message_at AS "lastMessageAt", c.last_author_side AS "lastAuthorSide", c.created_at AS "createdAt", c.updated_at AS "updatedAt", c.version`;
const CONVERSATION_FROM = `conversations c LEFT JOIN makers mk ON mk.id = c.maker_id`;

const MESSAGE_COLUMNS = `m.id::text AS "id", m.conversation_id::text AS "conversationId", m.author_id::text AS "authorId", u.name AS "authorName",
  m.author_side AS "authorSide", m.content, m.change_seq::text AS "changeSeq", m.created_at AS "createdAt", m.edited_at AS "editedAt", m.deleted_at AS "deletedAt"`;
const MESSAGE_FROM = `conversation_messages m LEFT JOIN users u ON u.id = m.author_id`;

/** A maker sees its own maker threads, an order's once the order is one of theirs (makerSeesOrder); never a customer's. */
const visibleTo = (scope: string) => `c.kind = 'maker' AND c.maker_id = ${scope} AND (c.order_id IS NULL OR ${makerSeesOrder('c.order_id', scope)})`;

/**
 * Conversations and their messages (issue 15). Writes run in the caller's transaction after `lock()`:
 * the thread's row lock orders its writers, so the change numbers they take (`nextChange`) follow
 * commit order within the thread.
 */
export class ConversationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The thread if the reader may see it (a maker: its own; staff: all). */
  async find(id: string, scope: MakerScope, m: EntityManager = this.dataSource.manager): Promise<ConversationRow | null> {
    const maker = makerParam(scope);
    const [row]: ConversationRow[] = await m.query(
      `SELECT ${CONVERSATION_COLUMNS} FROM ${CONVERSATION_FROM} WHERE c.id = $1 AND ($2::bigint IS NULL OR (${visibleTo('$2::bigint')}))`,
      [id, maker],
    );
    return row ?? null;
  }

  /** What a poll needs, in one indexed read: the thread's last change number and kind, if the reader may see it. */
  async pollState(id: string, scope: MakerScope): Promise<{ changeSeq: string; kind: ConversationKind } | null> {
    const [row] = await this.dataSource.query(
      `SELECT c.change_seq::text AS "changeSeq", c.kind FROM conversations c WHERE c.id = $1 AND ($2::bigint IS NULL OR (${visibleTo('$2::bigint')}))`,
      [id, makerParam(scope)],
    );
    return row ?? null;
  }

  /** Whether the maker has a part in the order (order_makers), and, for a maker reader, whether the order is one of theirs yet. */
  async orderHasMaker(m: EntityManager, orderId: string, makerId: string, scope: MakerScope): Promise<'yes' | 'no order' | 'no maker'> {
    const [row] = await m.query(
      `SELECT EXISTS (SELECT 1 FROM order_makers om WHERE om.order_id = o.id AND om.maker_id = $2) AS "hasMaker"
         FROM orders o WHERE o.id = $1 AND ($3::bigint IS NULL OR ${makerSeesOrder('o.id', '$3::bigint')})`,
      [orderId, makerId, makerParam(scope)],
    );
    if (!row) return 'no order';
    return row.hasMaker ? 'yes' : 'no maker';
  }

  /** The thread of an order and maker, made if there is none yet (two at once make one). */
  async openForOrder(m: EntityManager, orderId: string, makerId: string): Promise<string> {
    await m.query(
      `INSERT INTO conversations (kind, order_id, maker_id, status)
       SELECT 'maker', $1, $2, om.conversation_status FROM order_makers om WHERE om.order_id = $1 AND om.maker_id = $2
       ON CONFLICT (order_id, maker_id) WHERE order_id IS NOT NULL DO NOTHING`,
      [orderId, makerId],
    );
    const [row] = await m.query(`SELECT id::text AS id FROM conversations WHERE order_id = $1 AND maker_id = $2`, [orderId, makerId]);
    return row.id;
  }

  /** The thread of a maker inquiry (made with the inquiry). */
  async openForInquiry(m: EntityManager, inquiryId: string, makerId: string, status: ConversationStatus): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO conversations (kind, maker_inquiry_id, maker_id, status) VALUES ('maker', $1, $2, $3) RETURNING id::text AS id`,
      [inquiryId, makerId, status],
    );
    return row.id;
  }

  /** An inquiry's thread goes to another maker only while no maker has written in it (false otherwise). */
  async moveInquiryThread(m: EntityManager, id: string, makerId: string): Promise<boolean> {
    const [rows]: [unknown[], number] = await m.query(
      `UPDATE conversations c SET maker_id = $2, updated_at = now()
        WHERE c.id = $1 AND NOT EXISTS (SELECT 1 FROM conversation_messages x WHERE x.conversation_id = c.id AND x.author_side = 'maker') RETURNING id`,
      [id, makerId],
    );
    return rows.length === 1;
  }

  async idOfInquiry(m: EntityManager, inquiryId: string): Promise<string | null> {
    const [row] = await m.query(`SELECT id::text AS id FROM conversations WHERE maker_inquiry_id = $1`, [inquiryId]);
    return row?.id ?? null;
  }

  /** A customer's staff-only thread, made if there is none yet; null when there is no such customer. */
  async openForCustomer(m: EntityManager, customerId: string): Promise<string | null> {
    await m.query(
      `INSERT INTO conversations (kind, customer_id) SELECT 'customer', id FROM customers WHERE id = $1
       ON CONFLICT (customer_id) WHERE customer_id IS NOT NULL DO NOTHING`,
      [customerId],
    );
    const [row] = await m.query(`SELECT id::text AS id FROM conversations WHERE customer_id = $1`, [customerId]);
    return row?.id ?? null;
  }

  /** Locks the thread's row for a write (its writers take turns, so their change numbers follow commit order). */
  async lock(m: EntityManager, id: string): Promise<void> {
    await m.query(`SELECT id FROM conversations WHERE id = $1 FOR UPDATE`, [id]);
  }

  /**
   * The thread's next change number, with what a message or a status change does to it: a new status
   * moves the version (a hand-set status is compared against it) and is mirrored on the order beside its
   * maker (order_makers.conversation_status, what the order view shows). Under `lock()`.
   */
  async nextChange(m: EntityManager, id: string, change: { status?: ConversationStatus; messageBy?: ChatSide } = {}): Promise<{ changeSeq: string; status: ConversationStatus }> {
    // TypeORM answers an UPDATE … RETURNING with [rows, affected].
    const [[row]]: [{ changeSeq: string; status: ConversationStatus; orderId: string | null; makerId: string | null }[], number] = await m.query(
      `UPDATE conversations c
          SET change_seq = nextval('conversation_change_seq'), updated_at = now(),
              status = coalesce($2::smallint, c.status),
              version = c.version + CASE WHEN $2::smallint IS NOT NULL AND $2::smallint <> c.status THEN 1 ELSE 0 END,
              last_message_at = CASE WHEN $3::text IS NULL THEN c.last_message_at ELSE now() END,
              last_author_side = coalesce($3::text, c.last_author_side)
        WHERE c.id = $1
        RETURNING c.change_seq::text AS "changeSeq", c.status, c.order_id::text AS "orderId", c.maker_id::text AS "makerId"`,
      [id, change.status ?? null, change.messageBy ?? null],
    );
    if (row.orderId) {
      await m.query(`UPDATE order_makers SET conversation_status = $3 WHERE order_id = $1 AND maker_id = $2 AND conversation_status <> $3`, [row.orderId, row.makerId, row.status]);
    }
    return { changeSeq: row.changeSeq, status: row.status };
  }

  /** Staff's status, if the thread is still at `version` (false: changed meanwhile). */
  async setStatus(m: EntityManager, id: string, version: number, status: ConversationStatus): Promise<boolean> {
    const [row] = await m.query(`SELECT version FROM conversations WHERE id = $1`, [id]);
    if (!row || row.version !== version) return false;
    await this.nextChange(m, id, { status });
    return true;
  }

  async post(m: EntityManager, message: { conversationId: string; authorId: string; authorSide: ChatSide; content: string; changeSeq: string }): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO conversation_messages (conversation_id, author_id, author_side, content, change_seq) VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id`,
      [message.conversationId, message.authorId, message.authorSide, message.content, message.changeSeq],
    );
    return row.id;
  }

  async message(m: EntityManager, conversationId: string, messageId: string): Promise<MessageRow | null> {
    const [row]: MessageRow[] = await m.query(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.conversation_id = $1 AND m.id = $2`, [conversationId, messageId]);
    return row ?? null;
  }

  /** An edit (content) or a delete (null: the tombstone), at the thread's change number. */
  async rewrite(m: EntityManager, messageId: string, content: string | null, changeSeq: string): Promise<void> {
    await m.query(
      content === null
        ? `UPDATE conversation_messages SET content = NULL, deleted_at = now(), change_seq = $2 WHERE id = $1`
        : `UPDATE conversation_messages SET content = $3, edited_at = now(), change_seq = $2 WHERE id = $1`,
      content === null ? [messageId, changeSeq] : [messageId, changeSeq, content],
    );
  }

  /** A page of the thread, latest first from `beforeId` (or the end), one more than `perPage` to tell whether earlier ones remain. */
  async earlier(conversationId: string, beforeId: string | null, perPage: number): Promise<MessageRow[]> {
    return this.dataSource.query(
      `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.conversation_id = $1 AND ($2::bigint IS NULL OR m.id < $2::bigint) ORDER BY m.id DESC LIMIT $3`,
      [conversationId, beforeId, perPage + 1],
    );
  }

  /** What changed after change number `since` (posted, edited, deleted), in change order, one more than `perPage`. */
  async changedSince(conversationId: string, since: string, perPage: number): Promise<MessageRow[]> {
    return this.dataSource.query(
      `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.conversation_id = $1 AND m.change_seq > $2::bigint ORDER BY m.change_seq LIMIT $3`,
      [conversationId, since, perPage + 1],
    );
  }
}
