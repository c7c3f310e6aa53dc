import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DomainError, domainEvent, EDI_HOLD_CODES, NotFoundError, OrderMethod, SHEET_LINE_STATUSES, SheetReason, SheetStatus } from '@oms/domain';
import { APP_CONFIG, AppConfig, appendToOutbox, makerParam, makerSeesOrder, OrderSheetsRepository, SecretBox, sheetContent, SheetFile, sheetFile } from '@oms/infra';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import { makerScope } from '../makers/maker-queries';

/** The maker a viewer is limited to (a maker account without one sees nothing), null for staff. */
const ownMaker = (viewer: SignedInUser): string | null => makerParam(makerScope(viewer));

/** A sheet revision as the order detail lists it. */
export interface OrderSheetView {
  id: string;
  makerId: string;
  makerName: string;
  revision: number;
  resent: boolean;
  reason: SheetReason;
  method: OrderMethod;
  recipient: string | null;
  status: SheetStatus;
  holdCode: string | null;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

export class ListOrderSheets extends Query<OrderSheetView[]> {
  constructor(readonly viewer: SignedInUser, readonly orderId: string) {
    super();
  }
}

/** The order must exist and, for a maker, have a line it may see (404 otherwise: DESIGN.md §4, §8). */
async function checkVisible(dataSource: DataSource, orderId: string, viewer: SignedInUser): Promise<void> {
  const [row] = await dataSource.query(`SELECT 1 FROM orders o WHERE o.id = $1 AND ($2::bigint IS NULL OR ${makerSeesOrder('o.id', '$2::bigint')})`, [orderId, ownMaker(viewer)]);
  if (!row) throw new NotFoundError('order');
}

@QueryHandler(ListOrderSheets)
export class ListOrderSheetsHandler implements IQueryHandler<ListOrderSheets> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ viewer, orderId }: ListOrderSheets): Promise<OrderSheetView[]> {
    await checkVisible(this.dataSource, orderId, viewer);
    return this.dataSource.query(
      `SELECT s.id::text, s.maker_id::text AS "makerId", m.name AS "makerName", s.revision, s.resent, s.reason, s.method, s.recipient,
              -- Why an order is held, and transport errors, are the staff's business: a maker sees 'pending'.
              CASE WHEN $2::bigint IS NOT NULL AND s.status = 'held' THEN 'pending' ELSE s.status END AS status,
              CASE WHEN $2::bigint IS NULL THEN s.hold_code END AS "holdCode", s.sent_at AS "sentAt", s.attempts,
              CASE WHEN $2::bigint IS NULL THEN s.last_error END AS "lastError", s.created_at AS "createdAt"
         FROM order_sheets s JOIN makers m ON m.id = s.maker_id
        WHERE s.order_id = $1 AND ($2::bigint IS NULL OR s.maker_id = $2)
        ORDER BY m.name, s.maker_id, s.revision DESC`,
      [orderId, ownMaker(viewer)],
    );
  }
}

export class RequestOrderSheet extends Command<{ requested: true; reason: 'resend' | 'release'; version: number }> {
  constructor(readonly actor: SignedInUser, readonly orderId: string, readonly makerId: string, readonly version: number) {
    super();
  }
}

/**
 * Staff send a maker's sheet again (after an edit: a new revision marked re-sent) or release one
 * the EDI stop held. Like every order command it is a compare-and-set on the version the staff
 * read (a double click or two people: one sheet, the other 193). The sheet follows through the outbox.
 */
@CommandHandler(RequestOrderSheet)
export class RequestOrderSheetHandler implements ICommandHandler<RequestOrderSheet> {
  constructor(private readonly dataSource: DataSource) {}

  execute({ actor, orderId, makerId, version }: RequestOrderSheet) {
    return this.dataSource.transaction(async (manager) => {
      const [exists] = await manager.query(`SELECT 1 FROM orders WHERE id = $1`, [orderId]);
      if (!exists) throw new NotFoundError('order');
      const lines: { id: string }[] = await manager.query(
        `SELECT id::text FROM order_lines WHERE order_id = $1 AND maker_id = $2 AND status = ANY($3::smallint[]) ORDER BY id`,
        [orderId, makerId, SHEET_LINE_STATUSES],
      );
      if (lines.length === 0) throw new DomainError('NAL_ORD-134');
      const [[bumped]]: [{ version: number }[]] = await manager.query(
        `UPDATE orders SET version = version + 1, updated_at = now() WHERE id = $1 AND version = $2 RETURNING version`,
        [orderId, version],
      );
      if (!bumped) throw new DomainError('NAL_ORD-193');
      const [latest] = await manager.query(`SELECT status FROM order_sheets WHERE order_id = $1 AND maker_id = $2 ORDER BY revision DESC LIMIT 1`, [orderId, makerId]);
      const reason: 'resend' | 'release' = latest?.status === 'held' ? 'release' : 'resend';
      if (reason === 'release') {
        // Staff decided: the errors that said why the sheet was held have done their work.
        // TypeORM answers a DELETE … RETURNING as [rows, count].
        const [, cleared]: [unknown[], number] = await manager.query(
          `DELETE FROM order_errors WHERE order_id = $1 AND maker_id = $2 AND code = ANY($3::text[]) RETURNING id`,
          [orderId, makerId, EDI_HOLD_CODES],
        );
        await manager.query(`UPDATE orders SET error_count = error_count - $2 WHERE id = $1`, [orderId, cleared]);
      }
      await appendToOutbox(manager, [
        domainEvent('order.sheet_requested', orderId, { orderId, makerId, lineIds: lines.map((l) => l.id), reason, requestedBy: actor.id }),
      ]);
      return { requested: true as const, reason, version: bumped.version };
    });
  }
}

export class DownloadOrderSheet extends Query<SheetFile> {
  constructor(
    readonly viewer: SignedInUser | null,
    readonly orderId: string,
    readonly makerId: string,
    readonly fileType: 'pdf' | 'csv',
    readonly revision?: number,
  ) {
    super();
  }
}

/** The sheet as the maker got it: the same content and link, as PDF or CSV (404 NAL_ORD-133 before one exists). */
@QueryHandler(DownloadOrderSheet)
export class DownloadOrderSheetHandler implements IQueryHandler<DownloadOrderSheet> {
  private readonly sheets = new OrderSheetsRepository();

  constructor(private readonly dataSource: DataSource, private readonly box: SecretBox, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ viewer, orderId, makerId, fileType, revision }: DownloadOrderSheet): Promise<SheetFile> {
    if (viewer) {
      await checkVisible(this.dataSource, orderId, viewer);
      const scope = ownMaker(viewer);
      if (scope && scope !== makerId) throw new NotFoundError('order');
    }
    const sheet = await this.sheets.find(this.dataSource.manager, orderId, makerId, revision);
    if (!sheet) throw new DomainError('NAL_ORD-133');
    return sheetFile(sheetContent(sheet, (sealed) => this.box.open(sealed), this.config.CONSOLE_URL), sheet, fileType);
  }
}
