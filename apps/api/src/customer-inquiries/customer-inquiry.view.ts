import { isOverdue } from '@oms/domain';
import type { CustomerInquiryRow, CustomerOrderRow } from '@oms/infra';

/** A customer inquiry as staff read it (SPEC.md §3), with its reply deadline and whether it is past it. */
export function customerInquiryView(i: CustomerInquiryRow, now: Date = new Date()) {
  return {
    id: Number(i.id),
    /** The number the customer was given. */
    reference: i.reference,
    /** inquiry (the general form, or recorded by staff) or return (the return/exchange form). */
    kind: i.kind,
    /** 1 shop (the web forms), 2 phone, 3 fax, 4 system, 5 other. */
    method: i.method,
    /** 1 waiting, 2 replied, 3 completed. */
    state: i.state,
    /** 1 product, 2 order and delivery, 3 return or exchange, 4 other. */
    inquiryType: i.inquiryType,
    language: i.language,
    shop: i.shopId === null ? null : { id: Number(i.shopId), name: i.shopName },
    customer: i.customerId === null ? null : { id: Number(i.customerId), name: i.customerName },
    order: i.orderId === null ? null : { id: Number(i.orderId) },
    orderNo: i.orderNo,
    company: i.company,
    position: i.position,
    name: i.name,
    phone: i.phone,
    email: i.email,
    title: i.title,
    content: i.content,
    product: i.product,
    /** The return/exchange form's details; null on a general inquiry. */
    returnRequest:
      i.kind !== 'return'
        ? null
        : {
            purchaseDate: i.purchaseDate,
            deliveryDate: i.deliveryDate,
            /** 1 exchange, 2 return. */
            returnRequest: i.returnRequest,
            /** 1 pickup, 2 the customer sends. */
            returnMethod: i.returnMethod,
            desiredDates: i.desiredDates,
            pickupDate: i.pickupDate,
            pickupSlot: i.pickupSlot,
            returnZip: i.returnZip,
            returnAddress: i.returnAddress,
            bankName: i.bankName,
            bankBranch: i.bankBranch,
            bankAccountType: i.bankAccountType,
            bankAccountNumber: i.bankAccountNumber,
            bankAccountHolder: i.bankAccountHolder,
            agreedAt: i.agreedAt,
          },
    personInCharge: i.personInChargeId === null ? null : { id: Number(i.personInChargeId), name: i.personInChargeName },
    csMemo: i.csMemo,
    createdByName: i.createdByName,
    receivedAt: i.receivedAt,
    /** SPEC.md §9: within 24 hours on weekdays 10:00–17:00, else the next business day. */
    replyDueAt: i.replyDueAt,
    overdue: isOverdue(i.state, new Date(i.replyDueAt), now),
    repliedAt: i.repliedAt,
    completedAt: i.completedAt,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    version: i.version,
  };
}
export type CustomerInquiryView = ReturnType<typeof customerInquiryView>;

/**
 * A row of the list: the inquiry without its message and return details (the refund account among
 * them), which only its own page shows.
 */
export function customerInquiryListView(i: CustomerInquiryRow, now: Date = new Date()) {
  const { content: _content, returnRequest: _returnRequest, ...row } = customerInquiryView(i, now);
  return row;
}
export type CustomerInquiryListView = ReturnType<typeof customerInquiryListView>;

/** The detail page's inquiry: with the customer's other inquiries and their orders. */
export function customerInquiryDetailView(i: CustomerInquiryRow, others: CustomerInquiryRow[], orders: CustomerOrderRow[], now: Date = new Date()) {
  return {
    ...customerInquiryView(i, now),
    otherInquiries: others.map((o) => ({ id: Number(o.id), reference: o.reference, kind: o.kind, state: o.state, title: o.title, receivedAt: o.receivedAt })),
    orders: orders.map((o) => ({ id: Number(o.id), orderNo: o.orderNo, branchNo: o.branchNo, orderDate: o.orderDate, total: o.total, lineStatuses: o.lineStatuses })),
  };
}
export type CustomerInquiryDetailView = ReturnType<typeof customerInquiryDetailView>;

/** What a public form answers: the reference to quote, and nothing a bot could learn from. */
export function receiptView(reference: string, receivedAt: Date) {
  return { reference, receivedAt };
}
export type ReceiptView = ReturnType<typeof receiptView>;
