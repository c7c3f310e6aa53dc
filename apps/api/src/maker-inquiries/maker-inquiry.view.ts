import type { MakerInquiryRow } from '@oms/infra';

/**
 * A maker inquiry (SPEC.md §3): its fields, its thread and state. A maker account reads it without
 * what is the shop's own (the customer, the staff memo, who follows it), as it reads orders.
 */
export function makerInquiryView(i: MakerInquiryRow, viewer: { role: string }) {
  const staff = viewer.role !== 'maker';
  return {
    id: Number(i.id),
    method: i.method,
    maker: { id: Number(i.makerId), name: i.makerName },
    customer: staff && i.customerId !== null ? { id: Number(i.customerId), name: i.customerName } : null,
    memo: staff ? i.memo : null,
    personInCharge: staff && i.personInChargeId !== null ? { id: Number(i.personInChargeId), name: i.personInChargeName } : null,
    createdByName: i.createdByName,
    conversationId: Number(i.conversationId),
    /** 1 waiting for the maker, 2 waiting for the company, 3 processed. */
    state: i.state,
    processed: i.state === 3,
    lastMessageAt: i.lastMessageAt,
    lastAuthorSide: i.lastAuthorSide,
    lastMessage: i.lastMessage,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    version: i.version,
  };
}
export type MakerInquiryView = ReturnType<typeof makerInquiryView>;
