import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  CUSTOMER_INQUIRY_METHOD,
  CUSTOMER_INQUIRY_STATE,
  CUSTOMER_INQUIRY_TYPE,
  CustomerInquiryMethod,
  CustomerInquiryState,
  CustomerInquiryType,
  DomainError,
  domainEvent,
  FieldIssue,
  FieldValidationError,
  FormLanguage,
  japanToday,
  normalizeEmail,
  normalizePhone,
  NotFoundError,
  parseDate,
  replyDueAt,
  returnRequestIssues,
} from '@oms/domain';
import { appendToOutbox, CustomerInquiryRepository, CustomerInquiryWrite, customerForContact, CustomerRepository } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import { blankOrMissingToNull } from '../common/validation/blank';
import { CreateCustomerInquiryBody, InquiryFormBody, ReturnFormBody, UpdateCustomerInquiryBody } from './customer-inquiry.dto';
import { customerInquiryView, CustomerInquiryView, receiptView, ReceiptView } from './customer-inquiry.view';

/** The phone number as orders are matched by: digits (and a leading +) only. */
const phoneDigits = (phone: string | null) => normalizePhone(phone)?.replace(/[^0-9+]/g, '') || null;

/** The contact and subject every inquiry has, as stored (blank optional texts are null). */
function contactOf(body: CreateCustomerInquiryBody | InquiryFormBody | ReturnFormBody) {
  return {
    company: blankOrMissingToNull(body.company),
    position: blankOrMissingToNull(body.position),
    name: body.name,
    phone: blankOrMissingToNull(body.phone),
    email: blankOrMissingToNull(body.email),
    product: blankOrMissingToNull(body.product),
    orderNo: blankOrMissingToNull(body.orderNo),
    shopId: body.shopId == null ? null : String(body.shopId),
  };
}

const NO_RETURN = {
  purchaseDate: null, deliveryDate: null, returnRequest: null, returnMethod: null, desiredDates: null, pickupDate: null, pickupSlot: null,
  returnZip: null, returnAddress: null, bankName: null, bankBranch: null, bankAccountType: null, bankAccountNumber: null, bankAccountHolder: null, agreed: false,
} as const;

/** Links an inquiry to its customer: the order's customer when it names one, else the same-person rule's (customerForContact). */
async function customerFor(m: EntityManager, customers: CustomerRepository, w: Pick<CustomerInquiryWrite, 'shopId' | 'name' | 'phone' | 'email' | 'company'>, orderCustomerId: string | null): Promise<string | null> {
  return orderCustomerId ?? customerForContact(m, customers, w);
}

/** What a handler gives to file an inquiry; the customer, the time and the deadline are `fileInquiry`'s. */
type InquiryToFile = Omit<CustomerInquiryWrite, 'customerId' | 'receivedAt' | 'replyDueAt'>;

/**
 * Files an inquiry received at `receivedAt`: its reply deadline (SPEC.md §9, with the closing of now), its
 * customer (`customerFor`), the row under a new reference.
 */
async function fileInquiry(m: EntityManager, inquiries: CustomerInquiryRepository, customers: CustomerRepository, write: InquiryToFile, receivedAt: Date, orderCustomerId: string | null) {
  const closing = await inquiries.closing(m);
  const customerId = await customerFor(m, customers, write, orderCustomerId);
  return inquiries.create(m, { ...write, customerId, receivedAt, replyDueAt: replyDueAt(receivedAt, closing) });
}

async function checkReferences(m: EntityManager, inquiries: CustomerInquiryRepository, ref: { shopId: string | null; personInChargeId: string | null }): Promise<void> {
  const found = await inquiries.references(m, ref);
  const issues: FieldIssue[] = [];
  if (!found.shop) issues.push({ field: 'shop_id', errorCode: 'not_found' });
  if (!found.person) issues.push({ field: 'person_in_charge_id', errorCode: 'not_found' });
  if (issues.length) throw new FieldValidationError(issues);
}

export class SubmitInquiryForm extends Command<ReceiptView> {
  constructor(readonly kind: 'inquiry' | 'return', readonly body: InquiryFormBody | ReturnFormBody) {
    super();
  }
}

/**
 * POST /customer-inquiries/inquiry-form and …/return-form (public; SPEC.md §2, §5, §9): the rules of
 * the form (every failing field at once, each with its code), the order it names found for the sender's
 * e-mail or phone only (NAL-INQ-003 says nothing of anyone else's), then the inquiry, its customer and the
 * event for the acknowledgement and staff's notice, in one transaction. The answer is the reference only.
 */
@CommandHandler(SubmitInquiryForm)
export class SubmitInquiryFormHandler implements ICommandHandler<SubmitInquiryForm> {
  constructor(private readonly dataSource: DataSource, private readonly inquiries: CustomerInquiryRepository, private readonly customers: CustomerRepository) {}

  async execute({ kind, body }: SubmitInquiryForm): Promise<ReceiptView> {
    const contact = contactOf(body);
    const receivedAt = new Date();
    const today = japanToday(receivedAt);
    return this.dataSource.transaction(async (m) => {
      const closing = await this.inquiries.closing(m);
      const issues: FieldIssue[] = [];
      let details: Omit<CustomerInquiryWrite, keyof ReturnType<typeof contactOf> | 'kind' | 'method' | 'inquiryType' | 'language' | 'customerId' | 'orderId' | 'title' | 'content' | 'personInChargeId' | 'csMemo' | 'receivedAt' | 'replyDueAt' | 'createdBy'> = NO_RETURN;
      if (kind === 'return') {
        const r = body as ReturnFormBody;
        const deliveryDate = parseDate(r.deliveryDate)!;
        const pickupDate = r.pickupDate ? parseDate(r.pickupDate) : null;
        details = {
          purchaseDate: r.purchaseDate ? parseDate(r.purchaseDate) : null,
          deliveryDate,
          returnRequest: r.returnRequest,
          returnMethod: r.returnMethod,
          desiredDates: blankOrMissingToNull(r.desiredDates),
          pickupDate: r.returnMethod === 1 ? pickupDate : null,
          pickupSlot: r.returnMethod === 1 ? (r.pickupSlot ?? null) : null,
          returnZip: r.returnZip,
          returnAddress: r.returnAddress,
          // The bank account is kept for a refund only.
          ...(r.returnRequest === 2
            ? { bankName: blankOrMissingToNull(r.bankName), bankBranch: blankOrMissingToNull(r.bankBranch), bankAccountType: r.bankAccountType ?? null, bankAccountNumber: blankOrMissingToNull(r.bankAccountNumber), bankAccountHolder: blankOrMissingToNull(r.bankAccountHolder) }
            : { bankName: null, bankBranch: null, bankAccountType: null, bankAccountNumber: null, bankAccountHolder: null }),
          agreed: r.agreement === true,
        };
        issues.push(...returnRequestIssues({ ...details, deliveryDate, returnRequest: r.returnRequest, returnMethod: r.returnMethod, pickupDate, pickupSlot: r.pickupSlot ?? null, agreement: r.agreement }, today, closing));
      }
      const order = contact.orderNo ? await this.inquiries.orderOfContact(m, contact.orderNo, normalizeEmail(contact.email), phoneDigits(contact.phone)) : null;
      if (contact.orderNo && !order) issues.push({ field: 'order_no', errorCode: 'NAL-INQ-003' });
      if (order && kind === 'return') {
        // Goods not shipped cannot be returned; goods cannot arrive before they were first shipped.
        if (!order.firstShipDate) issues.push({ field: 'order_no', errorCode: 'NAL-INQ-007' });
        else if (details.deliveryDate && details.deliveryDate < order.firstShipDate) issues.push({ field: 'delivery_date', errorCode: 'date_after', params: { other: 'ship_date' } });
      }
      const found = await this.inquiries.references(m, { shopId: contact.shopId, personInChargeId: null });
      if (!found.shop) issues.push({ field: 'shop_id', errorCode: 'not_found' });
      if (issues.length) throw new FieldValidationError(issues);

      // The order's shop, when one was found: the customer may have picked another from the list.
      const shopId = order?.shopId ?? contact.shopId;
      const write: InquiryToFile = {
        ...contact,
        ...details,
        shopId,
        kind,
        method: CUSTOMER_INQUIRY_METHOD.shop,
        inquiryType: kind === 'return' ? CUSTOMER_INQUIRY_TYPE.returnExchange : ((body as InquiryFormBody).inquiryType as CustomerInquiryType),
        language: (body.language ?? 'ja') as FormLanguage,
        orderId: order?.id ?? null,
        // A return request has no title of its own: staff's list names it by what and which order.
        title: kind === 'return' ? `${details.returnRequest === 1 ? '交換' : '返品'}のご依頼（注文番号 ${contact.orderNo}）` : (body as InquiryFormBody).title,
        content: body.content,
        personInChargeId: null,
        csMemo: null,
        createdBy: null,
      };
      const { id, reference } = await fileInquiry(m, this.inquiries, this.customers, write, receivedAt, order?.customerId ?? null);
      await appendToOutbox(m, [domainEvent('customer_inquiry.received', id, { inquiryId: id })]);
      return receiptView(reference, receivedAt);
    });
  }
}

export class CreateCustomerInquiry extends Command<CustomerInquiryView> {
  constructor(readonly user: SignedInUser, readonly body: CreateCustomerInquiryBody) {
    super();
  }
}

/**
 * POST /customer-inquiries: staff record an inquiry that came by phone, fax or otherwise. A phone or an
 * e-mail to answer on is needed; an order named must exist (any buyer's: staff see them all). No mail
 * goes out: the customer is on the line.
 */
@CommandHandler(CreateCustomerInquiry)
export class CreateCustomerInquiryHandler implements ICommandHandler<CreateCustomerInquiry> {
  constructor(private readonly dataSource: DataSource, private readonly inquiries: CustomerInquiryRepository, private readonly customers: CustomerRepository) {}

  async execute({ user, body }: CreateCustomerInquiry): Promise<CustomerInquiryView> {
    const contact = contactOf(body);
    const receivedAt = new Date();
    return this.dataSource.transaction(async (m) => {
      const issues: FieldIssue[] = [];
      if (!contact.phone && !contact.email) issues.push({ field: 'phone', errorCode: 'required' }, { field: 'email', errorCode: 'required' });
      const order = contact.orderNo ? await this.inquiries.orderByNumber(m, contact.orderNo) : null;
      if (contact.orderNo && !order) issues.push({ field: 'order_no', errorCode: 'not_found' });
      if (issues.length) throw new FieldValidationError(issues);
      const personInChargeId = body.personInChargeId == null ? user.id : String(body.personInChargeId);
      await checkReferences(m, this.inquiries, { shopId: contact.shopId, personInChargeId });
      const write: InquiryToFile = {
        ...contact,
        ...NO_RETURN,
        kind: 'inquiry',
        method: body.method as CustomerInquiryMethod,
        inquiryType: body.inquiryType as CustomerInquiryType,
        language: 'ja',
        orderId: order?.id ?? null,
        title: body.title,
        content: body.content,
        personInChargeId,
        csMemo: blankOrMissingToNull(body.csMemo),
        createdBy: user.id,
      };
      const { id } = await fileInquiry(m, this.inquiries, this.customers, write, receivedAt, order?.customerId ?? null);
      return customerInquiryView((await this.inquiries.find(id, m))!);
    });
  }
}

export class UpdateCustomerInquiry extends Command<CustomerInquiryView> {
  constructor(readonly id: string, readonly body: UpdateCustomerInquiryBody) {
    super();
  }
}

/** PUT /customer-inquiries/{id}: person in charge, CS memo and state at the version read (NAL-INQ-001). */
@CommandHandler(UpdateCustomerInquiry)
export class UpdateCustomerInquiryHandler implements ICommandHandler<UpdateCustomerInquiry> {
  constructor(private readonly dataSource: DataSource, private readonly inquiries: CustomerInquiryRepository) {}

  async execute({ id, body }: UpdateCustomerInquiry): Promise<CustomerInquiryView> {
    return this.dataSource.transaction(async (m) => {
      const current = await this.inquiries.lock(m, id);
      if (!current) throw new NotFoundError('customer_inquiry');
      if (current.version !== body.version) throw new DomainError('NAL-INQ-001');
      const personInChargeId = body.personInChargeId == null ? null : String(body.personInChargeId);
      // Only a person in charge given anew must be a valid account: one disabled since can stay on a closed inquiry.
      if (personInChargeId !== current.personInChargeId) await checkReferences(m, this.inquiries, { shopId: null, personInChargeId });
      const state = body.state as CustomerInquiryState;
      // Reopened (back to waiting): it waits for a reply again from now, with a deadline of its own.
      const reopened = state === CUSTOMER_INQUIRY_STATE.waiting && current.state !== CUSTOMER_INQUIRY_STATE.waiting;
      const replyDue = reopened ? replyDueAt(new Date(), await this.inquiries.closing(m)) : undefined;
      await this.inquiries.update(m, id, body.version, { personInChargeId, csMemo: blankOrMissingToNull(body.csMemo), state, replyDueAt: replyDue });
      return customerInquiryView((await this.inquiries.find(id, m))!);
    });
  }
}
