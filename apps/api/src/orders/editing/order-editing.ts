import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  checkOrderEdit,
  checkOrderTotal,
  checkPayment,
  preferredDateIssue,
  ediNoteFits,
  DomainError,
  FieldIssue,
  FieldValidationError,
  NotFoundError,
  ORDER_ORIGIN,
  orderTotals,
  parseDate,
  PAYMENT_METHOD,
  PREFERRED_PERIOD,
  settlementFeeFor,
  taxIncluded,
} from '@oms/domain';
import { EditableOrder, OrderEditor, OrderFieldsWrite, OrderLineWrite, OrderRepository } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import type { SignedInUser } from '../../auth/access.decorators';
import { blankToNull, given } from '../../common/validation/blank';
import { AnyOrderView, OrderViews } from '../queries/order-views';
import { CreateOrderBody, EDI_NOTE_ISSUE, EditOrderBody, OrderFieldsBody, OrderLineBody } from './order-edit.dto';

export class CreateOrder extends Command<AnyOrderView> {
  constructor(readonly body: CreateOrderBody, readonly actor: SignedInUser) {
    super();
  }
}

export class EditOrder extends Command<AnyOrderView> {
  constructor(readonly id: string, readonly body: EditOrderBody, readonly actor: SignedInUser) {
    super();
  }
}


/** A new order's fields where the body leaves them out. */
const NEW_ORDER_DEFAULTS = {
  ecOrderId: null,
  customerId: null,
  deliveryMethodId: null,
  preferredDate: null,
  preferredPeriod: PREFERRED_PERIOD.none,
  buyerKana: null,
  buyerTel: null,
  buyerZip: null,
  buyerAddress: null,
  buyerEmail: null,
  deliveryKana: null,
  deliveryTel: null,
  deliveryZip: null,
  deliveryAddress: null,
  memo: null,
  supplierMemo: null,
  ediNote: null,
  sendMailFlag: 1,
  sentToOriginFlag: 0,
  fileType: 'pdf',
  settlementFee: 0,
  otherFee: 0,
  shippingFee: 0,
} satisfies Partial<OrderFieldsWrite>;

const idOrNull = (id: number | null | undefined) => (id === undefined ? undefined : id === null ? null : String(id));

/** The fields the body gives, as stored (blank texts null, ids as strings, the date `YYYY-MM-DD`). */
function givenFields(b: Partial<OrderFieldsBody>): Partial<OrderFieldsWrite> {
  return given({
    ecOrderId: blankToNull(b.ecOrderId),
    shopId: b.shopId === undefined ? undefined : String(b.shopId),
    customerId: idOrNull(b.customerId),
    paymentMethodId: b.paymentMethodId,
    deliveryMethodId: idOrNull(b.deliveryMethodId),
    orderDate: b.orderDate === undefined ? undefined : parseDate(b.orderDate)!,
    preferredDate: b.preferredDate ? parseDate(b.preferredDate)! : blankToNull(b.preferredDate),
    preferredPeriod: b.preferredPeriod,
    buyerName: b.buyerName,
    buyerKana: blankToNull(b.buyerKana),
    buyerTel: blankToNull(b.buyerTel),
    buyerZip: blankToNull(b.buyerZip),
    buyerAddress: blankToNull(b.buyerAddress),
    buyerEmail: blankToNull(b.buyerEmail),
    deliveryName: b.deliveryName,
    deliveryKana: blankToNull(b.deliveryKana),
    deliveryTel: blankToNull(b.deliveryTel),
    deliveryZip: blankToNull(b.deliveryZip),
    deliveryAddress: blankToNull(b.deliveryAddress),
    memo: blankToNull(b.memo),
    supplierMemo: blankToNull(b.supplierMemo),
    ediNote: blankToNull(b.ediNote),
    sendMailFlag: b.sendMailFlag,
    sentToOriginFlag: b.sentToOriginFlag,
    fileType: b.fileType,
    settlementFee: b.settlementFee,
    otherFee: b.otherFee,
    shippingFee: b.shippingFee,
  }) as Partial<OrderFieldsWrite>;
}

/** The order as it will be written, and its lines. */
interface Draft {
  fields: OrderFieldsWrite;
  /** The whole new set of lines, or undefined when an edit keeps the lines as they are. */
  lines: OrderLineWrite[] | undefined;
}

/**
 * The rules of create and edit that need the database (docs/orders-api.md "Create and edit"):
 * the records named exist, product lines take their product's defaults, the EDI note fits beside the
 * delivery address, products changed since the form loaded are confirmed (NAL-PRO-002), the total
 * stays within MONEY_LIMITS.totalMax (NAL_ORD-106), and the payment method allows the order (NAL_ORD-120/121/122).
 */
async function prepare(
  m: EntityManager,
  editor: OrderEditor,
  input: { fields: OrderFieldsWrite; given: Partial<OrderFieldsWrite>; lines?: OrderLineBody[]; confirmedAt?: string; before?: EditableOrder },
): Promise<Draft> {
  const { fields, before } = input;
  const issues: FieldIssue[] = [];

  // A shop deleted since keeps the orders it has: only a shop the body names must be live.
  const shop = await editor.shop(m, fields.shopId);
  if (!shop || (shop.deleted && input.given.shopId !== undefined)) issues.push({ field: 'shop_id', errorCode: 'exists' });
  const monthlyInvoice = fields.paymentMethodId === PAYMENT_METHOD.monthlyInvoice;
  const customer = fields.customerId ? await editor.customer(m, fields.customerId, monthlyInvoice) : undefined;
  if (fields.customerId && !customer) issues.push({ field: 'customer_id', errorCode: 'exists' });
  if (input.given.deliveryMethodId && !(await editor.deliveryMethodExists(m, input.given.deliveryMethodId))) {
    issues.push({ field: 'delivery_method_id', errorCode: 'exists' });
  }

  const lines = input.lines ? await resolveLines(m, editor, input.lines, before, issues) : undefined;
  if (!ediNoteFits(fields.ediNote, fields.deliveryAddress)) issues.push(EDI_NOTE_ISSUE);
  // Checked when the preferred date is given, or the order date moves past a stored date; an order
  // stored before the rule keeps its free-text preferred date ("12月5日") through other edits.
  const storedIsDate = !!fields.preferredDate && parseDate(fields.preferredDate) !== null;
  const preferred = input.given.preferredDate !== undefined || (input.given.orderDate !== undefined && storedIsDate) ? preferredDateIssue(fields.preferredDate, fields.orderDate) : null;
  if (preferred) issues.push(preferred);
  if (issues.length) throw new FieldValidationError(issues);

  if (input.confirmedAt && lines) {
    const changed = await editor.productsChangedSince(m, lines.flatMap((l) => (l.productId ? [l.productId] : [])), new Date(input.confirmedAt));
    if (changed.length) throw new DomainError('NAL-PRO-002', { productIds: changed.join(',') });
  }

  // Deferred payment carries its fee; leaving it for another method drops the fee it had added.
  const settlementFee =
    fields.paymentMethodId === PAYMENT_METHOD.deferred
      ? settlementFeeFor(PAYMENT_METHOD.deferred)
      : input.given.settlementFee ?? (before?.fields.paymentMethodId === PAYMENT_METHOD.deferred ? 0 : fields.settlementFee);
  const draft = { fields: { ...fields, settlementFee }, lines };

  const priced = lines ?? (await editor.linesOf(m, before!.id));
  const totals = orderTotals(priced, { ...draft.fields, fee: before?.fee ?? 0, refundFee: before?.refundFee ?? 0 });
  // Lines × amounts with the fees: past MONEY_LIMITS.totalMax is refused (NAL_ORD-106) before anything is written.
  checkOrderTotal(totals);
  checkPayment({
    methodId: fields.paymentMethodId,
    orderTotal: totals.total,
    shopDeferredLimit: shop!.npLimitAmount,
    customerIsBusiness: !!customer?.companyName?.trim(),
    customerMonthTotalElsewhere:
      monthlyInvoice && fields.customerId ? await editor.monthlyInvoiceTotal(m, fields.customerId, fields.orderDate, fields.paymentMethodId, before?.id ?? null) : 0,
  });
  return draft;
}

/** The lines as written: product lines filled from their product, free lines with the default tax rate, the tax of each. */
async function resolveLines(m: EntityManager, editor: OrderEditor, body: OrderLineBody[], before: EditableOrder | undefined, issues: FieldIssue[]): Promise<OrderLineWrite[]> {
  const products = await editor.products(m, body.flatMap((l) => (l.productId ? [String(l.productId)] : [])));
  const makers = await editor.existingMakers(m, body.flatMap((l) => (!l.productId && l.makerId ? [String(l.makerId)] : [])));
  const ownLines = new Set(before?.lines.map((l) => l.id) ?? []);
  const seen = new Set<string>();
  const defaultRate = await editor.defaultTaxPercent(m);
  const lines: OrderLineWrite[] = [];
  body.forEach((line, i) => {
    const id = line.id === undefined || line.id === null ? undefined : String(line.id);
    if (id !== undefined && !ownLines.has(id)) issues.push({ field: `lines.${i}.id`, errorCode: 'exists' });
    else if (id !== undefined && seen.has(id)) issues.push({ field: `lines.${i}.id`, errorCode: 'unique' });
    if (id !== undefined) seen.add(id);
    const product = line.productId ? products.get(String(line.productId)) : undefined;
    if (line.productId && !product) issues.push({ field: `lines.${i}.product_id`, errorCode: 'exists' });
    if (!line.productId && !makers.has(String(line.makerId))) issues.push({ field: `lines.${i}.maker_id`, errorCode: 'exists' });
    const priceWithTax = line.priceWithTax ?? product?.priceWithTax ?? 0;
    const taxPercentage = line.taxPercentage ?? product?.taxPercentage ?? defaultRate;
    lines.push({
      id,
      // A product's lines are its maker's.
      makerId: product ? product.makerId : String(line.makerId),
      productId: product ? product.id : null,
      productCode: product?.productCode ?? null,
      productName: line.productName ?? product?.productName ?? '',
      amount: line.amount,
      wholesalePrice: line.wholesalePrice !== undefined ? line.wholesalePrice : (product?.wholesalePrice ?? null),
      priceWithTax,
      taxPercentage,
      tax: taxIncluded(priceWithTax * line.amount, taxPercentage),
      makerShippingFee: line.makerShippingFee ?? 0,
      option1: line.option1 !== undefined ? blankToNull(line.option1)! : (product?.option1 ?? null),
      option2: line.option2 !== undefined ? blankToNull(line.option2)! : (product?.option2 ?? null),
    });
  });
  return lines;
}

@CommandHandler(CreateOrder)
export class CreateOrderHandler implements ICommandHandler<CreateOrder> {
  constructor(private readonly dataSource: DataSource, private readonly editor: OrderEditor, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ body, actor }: CreateOrder): Promise<AnyOrderView> {
    const id = await this.dataSource.transaction(async (m) => {
      const fromBody = givenFields(body);
      const draft = await prepare(m, this.editor, {
        fields: { ...NEW_ORDER_DEFAULTS, ...fromBody } as OrderFieldsWrite,
        given: fromBody,
        lines: body.lines,
        confirmedAt: body.confirmedProductChangesAt,
      });
      // The database hands out numbers: a new one from the sequence, or the next branch of an order's number.
      let orderNo: string;
      let branchNo = 1;
      if (body.branchOfOrderId) {
        const of = await this.editor.orderNumberOf(m, String(body.branchOfOrderId));
        if (!of) throw new FieldValidationError([{ field: 'branch_of_order_id', errorCode: 'exists' }]);
        orderNo = of;
        branchNo = await this.editor.nextBranchNumber(m, orderNo);
      } else {
        orderNo = await this.editor.newOrderNumber(m);
      }
      const orderId = await this.editor.insert(m, { ...draft.fields, orderNo, branchNo, origin: ORDER_ORIGIN, createdBy: actor.id }, draft.lines!);
      await this.orders.refreshDerived(m, orderId);
      return orderId;
    });
    return this.views.get(id, actor);
  }
}

@CommandHandler(EditOrder)
export class EditOrderHandler implements ICommandHandler<EditOrder> {
  constructor(private readonly dataSource: DataSource, private readonly editor: OrderEditor, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ id, body, actor }: EditOrder): Promise<AnyOrderView> {
    await this.dataSource.transaction(async (m) => {
      const before = await this.editor.lockForEdit(m, id);
      if (!before) throw new NotFoundError('order');
      if (before.version !== body.version) throw new DomainError('NAL_ORD-193');
      checkOrderEdit(before.lines, body.lines && new Set(body.lines.flatMap((l) => (l.id === undefined || l.id === null ? [] : [String(l.id)]))));
      const fromBody = givenFields(body);
      const draft = await prepare(m, this.editor, {
        fields: { ...before.fields, ...fromBody },
        given: fromBody,
        lines: body.lines,
        confirmedAt: body.confirmedProductChangesAt,
        before,
      });
      // The row is locked, so the compare-and-set holds; it stays the one place the version moves.
      if (!(await this.editor.update(m, id, body.version, draft.fields))) throw new DomainError('NAL_ORD-193');
      if (draft.lines) await this.editor.replaceLines(m, id, draft.lines, actor.id);
      await this.orders.refreshDerived(m, id);
    });
    return this.views.get(id, actor);
  }
}
