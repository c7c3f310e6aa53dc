import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { AWAITING_ANSWER_STATUSES, checkConfirmLink, DomainError, FieldValidationError, japanToday, linesAwaitingAnswer, MAKER_ANSWER_STATUS, parseDate } from '@oms/domain';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, AppConfig, ConfirmLinkRow, findConfirmLink, OrderRepository, OrderSheetsRepository, SecretBox, sheetContent, SheetFile, sheetFile } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import { applyToOrder } from '../orders/commands/apply-order-action';
import { MakerAnswerBody } from './maker-confirmation.dto';

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** What the maker confirmation page shows: the order as far as this maker is concerned. */
export interface MakerConfirmationView {
  orderId: string;
  orderNo: string;
  orderDate: string;
  version: number;
  maker: { id: string; name: string };
  delivery: { name: string; zip: string | null; address: string | null; phone: string | null; preferredDate: string | null; preferredPeriod: string | null };
  ediNote: string | null;
  supplierMemo: string | null;
  lines: { id: string; productName: string; option1: string | null; option2: string | null; amount: number; wholesalePrice: number | null; status: number }[];
  confirmStatus: number | null;
  refusalReason: string | null;
  estimatedShipDate: string | null;
  makerReceiveDate: string | null;
  expiresAt: Date;
}

/** The link a token opens, valid now: 130 no such link, 131 used up, 132 expired. */
export async function openConfirmLink(manager: EntityManager, token: string, now: Date, forUpdate = false): Promise<ConfirmLinkRow> {
  const link = await findConfirmLink(manager, token, forUpdate);
  if (!link) throw new DomainError('NAL_ORD-130');
  checkConfirmLink({ expiresAt: link.expires_at, usedAt: link.used_at }, now);
  return link;
}

export class GetMakerConfirmation extends Query<MakerConfirmationView> {
  constructor(readonly token: string) {
    super();
  }
}

@QueryHandler(GetMakerConfirmation)
export class GetMakerConfirmationHandler implements IQueryHandler<GetMakerConfirmation> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ token }: GetMakerConfirmation): Promise<MakerConfirmationView> {
    const link = await openConfirmLink(this.dataSource.manager, token, new Date());
    const [row] = await this.dataSource.query(
      `SELECT o.id::text AS order_id, o.order_no, ${DATE('o.order_date')} AS order_date, o.version, m.id::text AS maker_id, m.name AS maker_name,
              o.delivery_name, o.delivery_zip, o.delivery_address, o.delivery_tel, o.preferred_date, o.preferred_period, o.edi_note, o.supplier_memo,
              om.confirm_status, om.refusal_reason, ${DATE('om.estimated_ship_date')} AS estimated_ship_date, ${DATE('om.maker_receive_date')} AS maker_receive_date
         FROM orders o JOIN order_makers om ON om.order_id = o.id AND om.maker_id = $2 JOIN makers m ON m.id = om.maker_id
        WHERE o.id = $1`,
      [link.order_id, link.maker_id],
    );
    if (!row) throw new DomainError('NAL_ORD-130');
    const lines: MakerConfirmationView['lines'] = await this.dataSource.query(
      `SELECT id::text, product_name AS "productName", option1, option2, amount, wholesale_price AS "wholesalePrice", status
         FROM order_lines WHERE order_id = $1 AND maker_id = $2 ORDER BY id`,
      [link.order_id, link.maker_id],
    );
    // Staff recorded the answer (or cancelled) first: nothing is left for the link to answer.
    if (!lines.some((l) => (AWAITING_ANSWER_STATUSES as readonly number[]).includes(l.status))) throw new DomainError('NAL_ORD-131');
    return {
      orderId: row.order_id,
      orderNo: row.order_no,
      orderDate: row.order_date,
      version: row.version,
      maker: { id: row.maker_id, name: row.maker_name },
      delivery: {
        name: row.delivery_name,
        zip: row.delivery_zip,
        address: row.delivery_address,
        phone: row.delivery_tel,
        preferredDate: row.preferred_date,
        preferredPeriod: row.preferred_period,
      },
      ediNote: row.edi_note,
      supplierMemo: row.supplier_memo,
      lines,
      confirmStatus: row.confirm_status,
      refusalReason: row.refusal_reason,
      estimatedShipDate: row.estimated_ship_date,
      makerReceiveDate: row.maker_receive_date,
      expiresAt: link.expires_at,
    };
  }
}

export interface MakerAnswered {
  confirmStatus: number;
  version: number;
  lineStatuses: { id: string; status: number }[];
}

export class AnswerMakerConfirmation extends Command<MakerAnswered> {
  constructor(readonly token: string, readonly body: MakerAnswerBody) {
    super();
  }
}

/**
 * The maker's answer through the link: MakerReceive on the maker's lines still with it (ordered
 * or re-ordered), through the same aggregate, version check and history as the console. Saving
 * the answer uses the maker's links up (OrderRepository), as any MakerReceive does: a refused
 * command (stale version, a refusal without its reason) leaves them usable.
 */
@CommandHandler(AnswerMakerConfirmation)
export class AnswerMakerConfirmationHandler implements ICommandHandler<AnswerMakerConfirmation> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ token, body }: AnswerMakerConfirmation): Promise<MakerAnswered> {
    const today = japanToday();
    const estimatedShipDate = body.estimatedShipDate ? parseDate(body.estimatedShipDate) : null;
    if (body.answer !== 'refuse' && estimatedShipDate && estimatedShipDate < today) {
      throw new FieldValidationError([{ field: 'estimated_ship_date', errorCode: 'date_not_before_today' }]);
    }
    return this.dataSource.transaction(async (manager) => {
      const link = await openConfirmLink(manager, token, new Date(), true);
      const order = await this.orders.load(manager, link.order_id);
      if (!order) throw new DomainError('NAL_ORD-130');
      const lineIds = linesAwaitingAnswer(order.snapshot().lines, link.maker_id);
      if (lineIds.length === 0) throw new DomainError('NAL_ORD-131');
      const confirmStatus = MAKER_ANSWER_STATUS[body.answer];
      const applied = await applyToOrder(
        manager,
        this.orders,
        { orderId: link.order_id, version: body.version, lineIds },
        {
          kind: 'maker_received_process',
          makerReceiveDate: today,
          confirmStatus,
          refusalReason: body.answer === 'refuse' ? (body.refusalReason ?? null) : null,
          ...(body.answer === 'refuse' ? {} : { estimatedShipDate }),
        },
        { id: null, role: 'maker', makerId: link.maker_id },
      );
      const lines: { id: string; status: number }[] = await manager.query(
        `SELECT id::text, status FROM order_lines WHERE order_id = $1 AND maker_id = $2 ORDER BY id`,
        [link.order_id, link.maker_id],
      );
      return { confirmStatus, version: applied.version, lineStatuses: lines };
    });
  }
}

export class MakerSheet extends Query<SheetFile> {
  constructor(readonly token: string) {
    super();
  }
}

/** The sheet the link belongs to, for the maker to download from the page while the link works. */
@QueryHandler(MakerSheet)
export class MakerSheetHandler implements IQueryHandler<MakerSheet> {
  private readonly sheets = new OrderSheetsRepository();

  constructor(private readonly dataSource: DataSource, private readonly box: SecretBox, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ token }: MakerSheet): Promise<SheetFile> {
    const link = await openConfirmLink(this.dataSource.manager, token, new Date());
    const sheet = await this.sheets.find(this.dataSource.manager, link.order_id, link.maker_id);
    if (!sheet) throw new DomainError('NAL_ORD-133');
    return sheetFile(sheetContent(sheet, (sealed) => this.box.open(sealed), this.config.CONSOLE_URL), sheet, 'pdf');
  }
}
