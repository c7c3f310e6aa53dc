import { ediHold, initialSheetStatus, isResent, OrderMethod, ordererContact, preferredPeriodLabel, SHEET_LINE_STATUSES, SheetReason, sheetRecipient, SheetStatus } from '@oms/domain';
import { EntityManager } from 'typeorm';
import { orderSheetCsv, OrderSheetContent, renderOrderSheetPdf, yen } from '../documents';
import { confirmUrl } from './confirm-links';
import { recordOrderError } from './order-errors';

/**
 * What asks for a sheet: the outbox event (one revision per event, however often it is delivered).
 * The sheet lists every line that is with the maker when it is made, whichever lines the event moved.
 */
export interface SheetRequest {
  eventId: string;
  orderId: string;
  makerId: string;
  reason: SheetReason;
  requestedBy: string | null;
}

export interface SheetSettings {
  now: Date;
  faxGateway: string;
  /** Who orders when the shop has no contact of its own (SENDER_* settings). */
  sender: { company: string; phone: string | null; email: string | null };
}

/** A sheet revision as the worker sends it. `content` lacks the link, which only the sealed token makes. */
export interface SheetRecord {
  id: string;
  orderId: string;
  makerId: string;
  revision: number;
  status: SheetStatus;
  method: OrderMethod;
  recipient: string | null;
  fileType: 'pdf' | 'csv';
  content: SheetSnapshot | null;
  linkSealed: string | null;
}

/** The sheet's content as stored (JSON): dates as ISO strings, no link. */
export type SheetSnapshot = Omit<OrderSheetContent, 'confirmUrl' | 'issuedAt' | 'expiresAt'> & { issuedAt: string; expiresAt: string };

export const contentOf = (snapshot: SheetSnapshot, confirmUrl: string): OrderSheetContent => ({
  ...snapshot,
  issuedAt: new Date(snapshot.issuedAt),
  expiresAt: new Date(snapshot.expiresAt),
  confirmUrl,
});

interface SheetRow {
  id: string;
  order_id: string;
  maker_id: string;
  revision: number;
  status: SheetStatus;
  method: OrderMethod;
  recipient: string | null;
  file_type: 'pdf' | 'csv';
  content: SheetSnapshot | null;
  link_sealed: string | null;
}

const SHEET_COLUMNS = `s.id::text, s.order_id::text, s.maker_id::text, s.revision, s.status, s.method, s.recipient, o.file_type, s.content, s.link_sealed`;

const toRecord = (r: SheetRow): SheetRecord => ({
  id: r.id,
  orderId: r.order_id,
  makerId: r.maker_id,
  revision: r.revision,
  status: r.status,
  method: r.method,
  recipient: r.recipient,
  fileType: r.file_type,
  content: r.content,
  linkSealed: r.link_sealed,
});


/**
 * The order sheets (DESIGN.md §6): one revision per request, recorded before anything is sent,
 * held by the EDI stop (DESIGN.md §5) when the order went to makers by itself.
 */
export class OrderSheetsRepository {
  /**
   * The revision this request makes, created on its first delivery: its content, and whether it
   * goes out (pending), waits for staff (held) or cannot go (failed: the maker has no address for
   * its method). A held or failed sheet is an order error staff see. Null: nothing to send (the
   * order or the maker's lines are gone).
   */
  async prepare(manager: EntityManager, request: SheetRequest, settings: SheetSettings): Promise<{ sheet: SheetRecord; created: boolean } | null> {
    // Revisions of one order and maker are numbered one at a time.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`order-sheet:${request.orderId}:${request.makerId}`]);
    const existing = await this.byEvent(manager, request.eventId);
    if (existing) return { sheet: existing, created: false };

    const [order] = await manager.query(
      `SELECT o.order_no, o.branch_no, o.total, o.payment_method_id, o.file_type, o.delivery_name, o.delivery_zip, o.delivery_address, o.delivery_tel,
              o.preferred_date, o.preferred_period, o.edi_note, o.supplier_memo, s.name AS shop_name, s.edi_stop_amount, s.np_limit_amount,
              s.contact_company, s.contact_person, s.contact_phone, s.contact_fax, s.contact_email
         FROM orders o JOIN shops s ON s.id = o.shop_id WHERE o.id = $1`,
      [request.orderId],
    );
    const [maker] = await manager.query(`SELECT name, code, fax, email, order_method FROM makers WHERE id = $1`, [request.makerId]);
    if (!order || !maker) return null;
    const lines: { id: string; product_name: string; product_code: string | null; maker_product_code: string | null; option1: string | null; option2: string | null; amount: number; wholesale_price: number | null }[] =
      await manager.query(
        `SELECT l.id::text, l.product_name, l.product_code, p.maker_product_code, l.option1, l.option2, l.amount, l.wholesale_price
           FROM order_lines l LEFT JOIN products p ON p.id = l.product_id
          WHERE l.order_id = $1 AND l.maker_id = $2 AND l.status = ANY($3::smallint[])
          ORDER BY l.id`,
        // Every line with the maker now (a second order to the same maker adds to the first; a line
        // cancelled before the worker ran is left out): each revision stands for the whole.
        [request.orderId, request.makerId, SHEET_LINE_STATUSES],
      );
    if (lines.length === 0) return null;

    const earlier: { status: SheetStatus; revision: number }[] = await manager.query(
      `SELECT status, revision FROM order_sheets WHERE order_id = $1 AND maker_id = $2`,
      [request.orderId, request.makerId],
    );
    const revision = Math.max(0, ...earlier.map((s) => s.revision)) + 1;
    const hold = request.reason === 'ordered' ? ediHold({ total: order.total, paymentMethodId: order.payment_method_id }, { ediStopAmount: order.edi_stop_amount, npLimitAmount: order.np_limit_amount }) : null;
    const recipient = sheetRecipient({ orderMethod: maker.order_method, email: maker.email, fax: maker.fax }, settings.faxGateway);
    const status = initialSheetStatus(hold, recipient);
    const content: Omit<SheetSnapshot, 'expiresAt'> = {
      orderNo: order.order_no,
      branchNo: order.branch_no > 1 ? String(order.branch_no) : null,
      revision,
      resent: isResent(earlier),
      issuedAt: settings.now.toISOString(),
      shop: { name: order.shop_name },
      sender: ordererContact(
        {
          name: order.shop_name,
          contactCompany: order.contact_company,
          contactPerson: order.contact_person,
          contactPhone: order.contact_phone,
          contactFax: order.contact_fax,
          contactEmail: order.contact_email,
        },
        settings.sender,
      ),
      maker: { name: maker.name, code: maker.code, fax: maker.fax, email: maker.email },
      lines: lines.map((l) => ({
        productName: l.product_name,
        productCode: l.product_code,
        makerProductCode: l.maker_product_code,
        option1: l.option1,
        option2: l.option2,
        amount: l.amount,
        wholesalePrice: l.wholesale_price ?? 0,
      })),
      delivery: {
        name: order.delivery_name,
        zip: order.delivery_zip,
        address: order.delivery_address ?? '',
        phone: order.delivery_tel,
        preferredDate: order.preferred_date,
        // The label as printed: a snapshot keeps what the maker got, whatever the codes become.
        preferredPeriod: preferredPeriodLabel(order.preferred_period),
      },
      ediNote: order.edi_note,
      supplierMemo: order.supplier_memo,
    };
    const [row]: SheetRow[] = await manager.query(
      `INSERT INTO order_sheets (order_id, maker_id, revision, event_id, reason, resent, method, recipient, status, hold_code, line_ids, requested_by, last_error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::bigint[], $12, $13)
       RETURNING id::text`,
      [
        request.orderId,
        request.makerId,
        revision,
        request.eventId,
        request.reason,
        content.resent,
        maker.order_method,
        recipient,
        status,
        hold?.code ?? null,
        lines.map((l) => l.id),
        request.requestedBy,
        status === 'failed' ? `no ${maker.order_method === 'fax' ? 'fax number' : 'e-mail address'} for the maker` : null,
      ],
    );
    if (hold) {
      const why = hold.code === 'NAL_ORD-123' ? 'EDI停止金額' : '後払いの上限';
      await recordOrderError(manager, {
        orderId: request.orderId,
        makerId: request.makerId,
        code: hold.code,
        message: `${maker.name}: 合計 ${yen(hold.total)} が${why} ${yen(hold.limit)} に達したため、発注書を自動送信していません。確認のうえ発注書を送信してください。`,
      });
    } else if (!recipient) {
      await recordOrderError(manager, {
        orderId: request.orderId,
        makerId: request.makerId,
        code: 'NAL_ORD-124',
        message: `${maker.name}: ${maker.order_method === 'fax' ? 'FAX番号' : 'メールアドレス'}がないため発注書を送れません。メーカーを確認してください。`,
      });
    }
    const sheet = toRecord({ ...row, order_id: request.orderId, maker_id: request.makerId, revision, status, method: maker.order_method, recipient, file_type: order.file_type, content: null, link_sealed: null } as SheetRow);
    return { sheet: { ...sheet, content: content as SheetSnapshot }, created: true };
  }

  /** Stores what the sheet says and its sealed link, once the link exists. */
  async attachContent(manager: EntityManager, sheetId: string, content: SheetSnapshot, linkSealed: string): Promise<void> {
    await manager.query(`UPDATE order_sheets SET content = $2, link_sealed = $3, updated_at = now() WHERE id = $1`, [sheetId, content, linkSealed]);
  }

  async byEvent(manager: EntityManager, eventId: string): Promise<SheetRecord | null> {
    const [row]: SheetRow[] = await manager.query(`SELECT ${SHEET_COLUMNS} FROM order_sheets s JOIN orders o ON o.id = s.order_id WHERE s.event_id = $1`, [eventId]);
    return row ? toRecord(row) : null;
  }

  /** A revision of a maker's sheet (the latest with content when none is named). */
  async find(manager: EntityManager, orderId: string, makerId: string, revision?: number): Promise<SheetRecord | null> {
    const [row]: SheetRow[] = await manager.query(
      `SELECT ${SHEET_COLUMNS} FROM order_sheets s JOIN orders o ON o.id = s.order_id
        WHERE s.order_id = $1 AND s.maker_id = $2 AND s.content IS NOT NULL AND ($3::int IS NULL OR s.revision = $3)
        ORDER BY s.revision DESC LIMIT 1`,
      [orderId, makerId, revision ?? null],
    );
    return row ? toRecord(row) : null;
  }

  async markSent(manager: EntityManager, sheetId: string, messageId: string): Promise<void> {
    await manager.query(
      `UPDATE order_sheets SET status = 'sent', message_id = $2, sent_at = now(), attempts = attempts + 1, last_error = NULL, updated_at = now() WHERE id = $1`,
      [sheetId, messageId],
    );
  }

  /** A failed try; the last one makes the sheet failed and an order error staff see. */
  async recordFailure(manager: EntityManager, sheet: SheetRecord, error: string, final: boolean): Promise<void> {
    const [row] = await manager.query(
      `UPDATE order_sheets SET attempts = attempts + 1, last_error = left($2, 1000), status = CASE WHEN $3 THEN 'failed' ELSE status END, updated_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING (SELECT name FROM makers WHERE id = maker_id) AS maker_name`,
      [sheet.id, error, final],
    );
    if (row && final) {
      await recordOrderError(manager, {
        orderId: sheet.orderId,
        makerId: sheet.makerId,
        code: 'NAL_ORD-124',
        message: `${row.maker_name}: 発注書（第${sheet.revision}版）を${sheet.method === 'fax' ? 'FAX' : 'メール'}で送れませんでした（${error.slice(0, 200)}）。`,
      });
    }
  }
}

/** The sheet as the maker got it, its link opened from the sealed token. */
export function sheetContent(sheet: SheetRecord, openLink: (sealed: string) => string, consoleUrl: string): OrderSheetContent {
  if (!sheet.content || !sheet.linkSealed) throw new Error(`order sheet ${sheet.id} has no content`);
  return contentOf(sheet.content, confirmUrl(consoleUrl, openLink(sheet.linkSealed)));
}

export interface SheetFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The sheet's PDF or CSV, named after the order, maker and revision, as mailed and as downloaded. */
export async function sheetFile(content: OrderSheetContent, sheet: Pick<SheetRecord, 'makerId' | 'revision'>, fileType: 'pdf' | 'csv'): Promise<SheetFile> {
  const base = `order-sheet-${content.orderNo}-${sheet.makerId}-r${sheet.revision}`;
  return fileType === 'csv'
    ? { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: orderSheetCsv(content) }
    : { fileName: `${base}.pdf`, contentType: 'application/pdf', body: await renderOrderSheetPdf(content) };
}
