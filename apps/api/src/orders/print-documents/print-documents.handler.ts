import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, ErrorCode, NotFoundError, PRINT_DOCUMENT_TITLES_JA, PrintDocumentKind, receiptTerms, ReceiptTerms, sameDocumentSubstance } from '@oms/domain';
import {
  OrderPayments,
  OrderReader,
  PrintDocumentCopy,
  printDocumentContent,
  PrintDocumentRecord,
  PrintDocumentRepository,
  renderPrintDocumentsPdf,
  SettingsOptionRepository,
} from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import type { SignedInUser } from '../../auth/access.decorators';

export interface PrintDocumentPdf {
  fileName: string;
  body: Buffer;
}

/** One order's outcome in a batch: its document's number, or why it has none. */
export type PrintDocumentResult =
  | { orderId: string; ok: true; documentNo: string; reissue: boolean; replaces: string | null }
  | { orderId: string; ok: false; errorCode: ErrorCode };

export interface PrintDocumentsAnswer {
  results: PrintDocumentResult[];
  /** The PDF of the documents issued (GET, with a media token or a bearer token); null when none was. */
  downloadPath: string | null;
}

interface Terms {
  addressee?: string | null;
  proviso?: string | null;
}

/** One order's document after `issue`: the live one (issued now, reprinted, or a correction), or why there is none. */
export type IssueOutcome = { record: PrintDocumentRecord; replaces: string | null } | ErrorCode;

/**
 * Issues the documents of one kind for these orders, inside the caller's transaction: the orders
 * locked in id order first, so two first prints at once make one document (the unique live (order_id,
 * kind) backs it). An order with a document is printed again as it was issued (再発行) while the
 * order still says the same (sameDocumentSubstance: lines, fees, totals, tax, buyer, dates, a receipt's
 * terms); when it no longer does (a return, a refund, another maker's shipment, a receipt's new
 * addressee), the document is voided and a corrected one with a new number replaces it. An order that
 * cannot have one (the domain's refusal, or no such order) is answered with its code; one that can no
 * longer be printed fresh keeps its issued document.
 */
async function issue(
  m: EntityManager,
  deps: { reader: OrderReader; documents: PrintDocumentRepository; options: SettingsOptionRepository },
  kind: PrintDocumentKind,
  orderIds: readonly string[],
  terms: Terms,
  actor: SignedInUser,
): Promise<Map<string, IssueOutcome>> {
  const outcome = new Map<string, IssueOutcome>();
  const ids = [...new Set(orderIds)];
  const existing = await deps.documents.lockOrders(m, ids);
  const issued = await deps.documents.find(m, kind, ids);
  const present = ids.filter((id) => existing.has(id));
  for (const id of ids) if (!existing.has(id)) outcome.set(id, 'NAL-404');
  // One after the other: the transaction's connection runs one query at a time.
  const orders = present.length ? await deps.reader.records(present, { manager: m }) : [];
  const payments = present.length ? await deps.documents.payments(m, present) : new Map<string, OrderPayments>();
  const option = present.length ? await deps.options.get(m) : null;
  for (const order of orders) {
    const found = issued.get(order.id) ?? null;
    await m.query('SAVEPOINT print_document');
    try {
      const issuedAt = new Date();
      const receipt: ReceiptTerms | null = kind === 'receipt' ? receiptTerms(terms, order.buyerName, found?.content.receipt) : null;
      const content = printDocumentContent({ kind, documentNo: '', issuedAt, order, payments: payments.get(order.id)!, option: option!, receipt });
      if (found && sameDocumentSubstance(found.content, { ...content, documentNo: found.documentNo })) {
        await m.query('RELEASE SAVEPOINT print_document');
        outcome.set(order.id, { record: found, replaces: null });
        continue;
      }
      content.documentNo = await deps.documents.nextNumber(m, kind);
      if (found) {
        content.replaces = found.documentNo;
        await deps.documents.voidDocument(m, found.id);
      }
      const row =
        (await deps.documents.insert(m, { kind, orderId: order.id, content, issuedAt, issuedBy: actor.id })) ?? (await deps.documents.find(m, kind, [order.id])).get(order.id)!;
      if (found) await deps.documents.markReplaced(m, found.id, row.id);
      await m.query('RELEASE SAVEPOINT print_document');
      outcome.set(order.id, { record: row, replaces: found?.documentNo ?? null });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await m.query('ROLLBACK TO SAVEPOINT print_document');
      // An order that can no longer be printed afresh (all refunded, settings incomplete now) keeps what was issued.
      outcome.set(order.id, found ? { record: found, replaces: null } : error.code);
    }
  }
  return outcome;
}

/** The PDF of issued documents, each print counted (a document printed before comes out marked 再発行). */
async function printed(m: EntityManager, documents: PrintDocumentRepository, asked: readonly PrintDocumentRecord[], actor: SignedInUser): Promise<PrintDocumentPdf> {
  const before = await documents.countPrints(
    m,
    asked.map((r) => r.id),
    actor.id,
  );
  // A document voided by a correction committed meanwhile is not counted, nor printed.
  const records = asked.filter((r) => before.has(r.id));
  if (records.length === 0) throw new NotFoundError('print document');
  const copies: PrintDocumentCopy[] = records.map((r) => ({ content: r.content, reissue: (before.get(r.id) ?? 0) > 0 }));
  const kind = records[0].kind;
  const name = records.length === 1 ? `${PRINT_DOCUMENT_TITLES_JA[kind]}_${records[0].documentNo}` : `${PRINT_DOCUMENT_TITLES_JA[kind]}_${records.length}件`;
  return { fileName: `${name}.pdf`, body: await renderPrintDocumentsPdf(copies, new Date()) };
}

/** GET /orders/{id}/documents/{kind} and /orders/{id}/download-bill: the order's document, issued on its first print. */
export class PrintOrderDocument extends Command<PrintDocumentPdf> {
  constructor(
    readonly kind: PrintDocumentKind,
    readonly orderId: string,
    readonly terms: Terms,
    readonly actor: SignedInUser,
  ) {
    super();
  }
}

@CommandHandler(PrintOrderDocument)
export class PrintOrderDocumentHandler implements ICommandHandler<PrintOrderDocument> {
  private readonly documents = new PrintDocumentRepository();
  private readonly reader: OrderReader;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: SettingsOptionRepository,
  ) {
    this.reader = new OrderReader(dataSource);
  }

  execute({ kind, orderId, terms, actor }: PrintOrderDocument): Promise<PrintDocumentPdf> {
    return this.dataSource.transaction(async (m) => {
      const outcome = (await issue(m, { reader: this.reader, documents: this.documents, options: this.options }, kind, [orderId], terms, actor)).get(orderId)!;
      if (outcome === 'NAL-404') throw new NotFoundError('order');
      if (typeof outcome === 'string') throw new DomainError(outcome);
      return printed(m, this.documents, [outcome.record], actor);
    });
  }
}

/** POST /orders/documents: issue one kind for many orders; each order's number or refusal, and where the PDF is. */
export class IssuePrintDocuments extends Command<PrintDocumentsAnswer> {
  constructor(
    readonly kind: PrintDocumentKind,
    readonly orderIds: readonly string[],
    readonly terms: Terms,
    readonly actor: SignedInUser,
  ) {
    super();
  }
}

@CommandHandler(IssuePrintDocuments)
export class IssuePrintDocumentsHandler implements ICommandHandler<IssuePrintDocuments> {
  private readonly documents = new PrintDocumentRepository();
  private readonly reader: OrderReader;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: SettingsOptionRepository,
  ) {
    this.reader = new OrderReader(dataSource);
  }

  async execute({ kind, orderIds, terms, actor }: IssuePrintDocuments): Promise<PrintDocumentsAnswer> {
    const outcome = await this.dataSource.transaction((m) => issue(m, { reader: this.reader, documents: this.documents, options: this.options }, kind, orderIds, terms, actor));
    const results = [...new Set(orderIds)].map((orderId): PrintDocumentResult => {
      const o = outcome.get(orderId)!;
      return typeof o === 'string'
        ? { orderId, ok: false, errorCode: o }
        : { orderId, ok: true, documentNo: o.record.documentNo, reissue: o.record.printCount > 0, replaces: o.replaces };
    });
    const printable = results.filter((r) => r.ok).map((r) => r.orderId);
    return { results, downloadPath: printable.length ? `/orders/documents/download?kind=${kind}&ids=${printable.join(',')}` : null };
  }
}

/** GET /orders/documents/download: the issued documents of these orders in one PDF, in the order given (404 when none is issued). */
export class DownloadPrintDocuments extends Command<PrintDocumentPdf> {
  constructor(
    readonly kind: PrintDocumentKind,
    readonly orderIds: readonly string[],
    readonly actor: SignedInUser,
  ) {
    super();
  }
}

@CommandHandler(DownloadPrintDocuments)
export class DownloadPrintDocumentsHandler implements ICommandHandler<DownloadPrintDocuments> {
  private readonly documents = new PrintDocumentRepository();

  constructor(private readonly dataSource: DataSource) {}

  execute({ kind, orderIds, actor }: DownloadPrintDocuments): Promise<PrintDocumentPdf> {
    return this.dataSource.transaction(async (m) => {
      const ids = [...new Set(orderIds)];
      const found = await this.documents.find(m, kind, ids);
      const records = ids.map((id) => found.get(id)).filter((r): r is PrintDocumentRecord => !!r);
      if (records.length === 0) throw new NotFoundError('print document');
      return printed(m, this.documents, records, actor);
    });
  }
}
