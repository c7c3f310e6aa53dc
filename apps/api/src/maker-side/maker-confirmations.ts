import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  checkConfirmLink,
  confirmLinkStage,
  DomainError,
  japanToday,
  LineStatus,
  linesAwaitingAnswer,
  linesAwaitingShipment,
  MAKER_ANSWER_STATUS,
  MAKER_CONFIRM_STATUS,
  MakerConfirmStatus,
  parseDate,
  PreferredPeriod,
} from '@oms/domain';
import { Inject } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  ConfirmLinkRow,
  findConfirmLink,
  makerSeesLine,
  OrderChange,
  OrderRepository,
  OrderSheetsRepository,
  SecretBox,
  sheetContent,
  SheetFile,
  sheetFile,
} from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import { makerReceive } from '../orders/maker-receive/maker-receive.handler';
import { MakerAnswerBody, MakerShipDateBody } from './maker-confirmation.dto';

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** What the maker confirmation page shows: the order as far as this maker is concerned, and where its answer stands. */
export interface MakerConfirmationView {
  orderId: string;
  orderNo: string;
  orderDate: string;
  version: number;
  maker: { id: string; name: string };
  delivery: { name: string; zip: string | null; address: string | null; phone: string | null; preferredDate: string | null; preferredPeriod: PreferredPeriod };
  ediNote: string | null;
  supplierMemo: string | null;
  lines: { id: string; productName: string; option1: string | null; option2: string | null; amount: number; wholesalePrice: number | null; status: LineStatus }[];
  confirmStatus: MakerConfirmStatus | null;
  refusalReason: string | null;
  estimatedShipDate: string | null;
  makerReceiveDate: string | null;
  expiresAt: Date;
  /** awaiting_answer: the answer form; answered: the answer given (confirmLinkStage). */
  stage: 'awaiting_answer' | 'answered';
  /** The estimated ship date may still be changed (an accepted answer, lines not shipped). */
  canChangeShipDate: boolean;
}

/** The link a token opens, to answer through it: 130 no such link, 131 used up, 132 expired. */
export async function openConfirmLink(manager: EntityManager, token: string, now: Date, forUpdate = false): Promise<ConfirmLinkRow> {
  const link = await findConfirmLink(manager, token, forUpdate);
  if (!link) throw new DomainError('NAL_ORD-130');
  checkConfirmLink({ expiresAt: link.expires_at, usedAt: link.used_at }, now);
  return link;
}

/** The link a token opens and where it stands (confirmLinkStage): 130 no such link, 131 used up, 132 expired. */
async function linkStage(manager: EntityManager, token: string, now: Date, forUpdate = false) {
  const link = await findConfirmLink(manager, token, forUpdate);
  if (!link) throw new DomainError('NAL_ORD-130');
  const [part]: { confirm_status: MakerConfirmStatus | null }[] = await manager.query(`SELECT confirm_status FROM order_makers WHERE order_id = $1 AND maker_id = $2`, [
    link.order_id,
    link.maker_id,
  ]);
  const lines: { status: LineStatus }[] = await manager.query(`SELECT status FROM order_lines WHERE order_id = $1 AND maker_id = $2`, [link.order_id, link.maker_id]);
  return { link, ...confirmLinkStage({ expiresAt: link.expires_at, usedAt: link.used_at }, now, lines, part?.confirm_status ?? null) };
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
    const { link, stage, canChangeShipDate } = await linkStage(this.dataSource.manager, token, new Date());
    const [row] = await this.dataSource.query(
      `SELECT o.id::text AS order_id, o.order_no, ${DATE('o.order_date')} AS order_date, o.version, m.id::text AS maker_id, m.name AS maker_name,
              o.delivery_name, o.delivery_zip, o.delivery_address, o.delivery_tel, o.preferred_date, o.preferred_period, o.edi_note, o.supplier_memo,
              om.confirm_status, om.refusal_reason, ${DATE('om.estimated_ship_date')} AS estimated_ship_date, ${DATE('om.maker_receive_date')} AS maker_receive_date
         FROM orders o JOIN order_makers om ON om.order_id = o.id AND om.maker_id = $2 JOIN makers m ON m.id = om.maker_id
        WHERE o.id = $1`,
      [link.order_id, link.maker_id],
    );
    if (!row) throw new DomainError('NAL_ORD-130');
    // The lines as the maker may see them (ordered from it), as the signed-in maker reads them.
    const lines: MakerConfirmationView['lines'] = await this.dataSource.query(
      `SELECT l.id::text, l.product_name AS "productName", l.option1, l.option2, l.amount, l.wholesale_price AS "wholesalePrice", l.status
         FROM order_lines l WHERE l.order_id = $1 AND ${makerSeesLine('l', '$2::bigint')} ORDER BY l.id`,
      [link.order_id, link.maker_id],
    );
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
      stage,
      canChangeShipDate,
    };
  }
}

/** The link's maker acting: no account, so no user in the history. */
const MAKER_OF_LINK = (link: ConfirmLinkRow) => ({ id: null, role: 'maker' as const, makerId: link.maker_id });

/**
 * An order command as the maker of a link (no account), on the maker's lines the command takes
 * (none left: 131), through the same unit of work as the console (OrderRepository.change): version
 * check, rules, history.
 */
async function actThroughLink(
  manager: EntityManager,
  orders: OrderRepository,
  link: ConfirmLinkRow,
  version: number,
  linesOf: (lines: readonly { id: string; makerId: string; status: LineStatus }[], makerId: string) => string[],
  change: OrderChange<void>,
): Promise<{ version: number }> {
  const order = await orders.load(manager, link.order_id);
  if (!order) throw new DomainError('NAL_ORD-130');
  const lineIds = linesOf(order.snapshot().lines, link.maker_id);
  if (lineIds.length === 0) throw new DomainError('NAL_ORD-131');
  return orders.change(manager, { orderId: link.order_id, version, lineIds }, MAKER_OF_LINK(link), change);
}

export interface MakerAnswered {
  confirmStatus: MakerConfirmStatus;
  version: number;
  lineStatuses: { id: string; status: LineStatus }[];
}

export class AnswerMakerConfirmation extends Command<MakerAnswered> {
  constructor(readonly token: string, readonly body: MakerAnswerBody) {
    super();
  }
}

/**
 * The maker's answer through the link: MakerReceive on the maker's lines still with it (ordered
 * or re-ordered), through the same aggregate, version check, history and rules for a maker's own
 * answer (accepting gives the ship date: makerAnswerIssues) as the console. Saving the answer marks
 * the maker's links used (OrderRepository), as any MakerReceive does: from then on they show the
 * answer. A refused command (stale version, a missing date or reason) leaves them open.
 */
@CommandHandler(AnswerMakerConfirmation)
export class AnswerMakerConfirmationHandler implements ICommandHandler<AnswerMakerConfirmation> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ token, body }: AnswerMakerConfirmation): Promise<MakerAnswered> {
    const estimatedShipDate = body.estimatedShipDate ? parseDate(body.estimatedShipDate) : null;
    const confirmStatus = MAKER_ANSWER_STATUS[body.answer];
    return this.dataSource.transaction(async (manager) => {
      const link = await openConfirmLink(manager, token, new Date(), true);
      const answer = {
        makerReceiveDate: japanToday(),
        confirmStatus,
        refusalReason: body.answer === 'refuse' ? (body.refusalReason ?? null) : null,
        ...(body.answer === 'refuse' ? {} : { estimatedShipDate }),
      };
      const applied = await actThroughLink(manager, this.orders, link, body.version, linesAwaitingAnswer, makerReceive(answer, MAKER_OF_LINK(link)));
      const lines: { id: string; status: LineStatus }[] = await manager.query(
        `SELECT l.id::text, l.status FROM order_lines l WHERE l.order_id = $1 AND ${makerSeesLine('l', '$2::bigint')} ORDER BY l.id`,
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

/** The sheet the link belongs to, for the maker to download from the page while the link works (answered too). */
@QueryHandler(MakerSheet)
export class MakerSheetHandler implements IQueryHandler<MakerSheet> {
  private readonly sheets = new OrderSheetsRepository();

  constructor(private readonly dataSource: DataSource, private readonly box: SecretBox, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ token }: MakerSheet): Promise<SheetFile> {
    const { link } = await linkStage(this.dataSource.manager, token, new Date());
    const sheet = await this.sheets.find(this.dataSource.manager, link.order_id, link.maker_id);
    if (!sheet) throw new DomainError('NAL_ORD-133');
    return sheetFile(sheetContent(sheet, (sealed) => this.box.open(sealed), this.config.CONSOLE_URL), sheet, 'pdf');
  }
}

export interface MakerShipDateChanged {
  estimatedShipDate: string;
  confirmStatus: MakerConfirmStatus;
  version: number;
}

export class ChangeMakerShipDate extends Command<MakerShipDateChanged> {
  constructor(readonly token: string, readonly body: MakerShipDateBody) {
    super();
  }
}

/**
 * After answering, the link lets the maker change its estimated ship date until the lines ship
 * (135 otherwise): an order command like any other (version check 193, a history row per line,
 * `maker_ship_date_changed`), on the maker's accepted lines.
 */
@CommandHandler(ChangeMakerShipDate)
export class ChangeMakerShipDateHandler implements ICommandHandler<ChangeMakerShipDate> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ token, body }: ChangeMakerShipDate): Promise<MakerShipDateChanged> {
    const estimatedShipDate = parseDate(body.estimatedShipDate)!;
    return this.dataSource.transaction(async (manager) => {
      const { link, canChangeShipDate } = await linkStage(manager, token, new Date(), true);
      if (!canChangeShipDate) throw new DomainError('NAL_ORD-135');
      const applied = await actThroughLink(manager, this.orders, link, body.version, linesAwaitingShipment, (order, lineIds) =>
        order.changeEstimatedShipDate(lineIds, estimatedShipDate, japanToday()),
      );
      return { estimatedShipDate, confirmStatus: MAKER_CONFIRM_STATUS.accepted, version: applied.version };
    });
  }
}
