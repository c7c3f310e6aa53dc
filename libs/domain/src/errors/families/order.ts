import type { CatalogueEntry } from '../catalogue-entry';

/**
 * Orders (NAL_ORD-…). The codes SPEC.md §8 names keep their meaning (DESIGN.md §4); the 1xx codes
 * above 100 that SPEC.md leaves open are ours.
 */
export const ORDER_ERRORS = {
  'NAL_ORD-084': { status: 400, message: 'The selected lines do not share one status.' },
  'NAL_ORD-086': { status: 400, message: 'This action or status change is not allowed from the lines\' status.' },
  'NAL_ORD-087': { status: 400, message: 'Data patch refused: a selected line is not order-received.' },
  'NAL_ORD-088': { status: 400, message: 'Delivery info is missing (ship date, delivery company, tracking code).' },
  'NAL_ORD-101': { status: 400, message: 'Select at least one line of this order.' },
  'NAL_ORD-102': { status: 400, message: 'A selected line does not belong to this order.' },
  'NAL_ORD-103': { status: 400, message: 'A refusal needs its reason.' },
  'NAL_ORD-104': { status: 400, message: 'The order can no longer be edited: a line has gone past paid.' },
  'NAL_ORD-105': { status: 400, message: 'A paid line cannot be removed by an edit; refund or cancel it.' },
  'NAL_ORD-106': { status: 400, message: 'The order total may not exceed 99,999,999 yen.' },
  'NAL_ORD-120': { status: 400, message: 'Deferred payment is limited to its maximum order total.' },
  'NAL_ORD-121': { status: 400, message: 'Monthly invoice is for business customers only.' },
  'NAL_ORD-122': { status: 400, message: 'Monthly invoice is limited to 300,000 yen per customer per month.' },
  'NAL_ORD-123': { status: 400, message: 'The order total reaches the shop\'s EDI stop amount; it was not sent to makers automatically.' },
  'NAL_ORD-124': { status: 400, message: 'The order sheet could not be sent to the maker.' },
  'NAL_ORD-125': { status: 400, message: 'The maker did not accept the order.' },
  'NAL_ORD-126': { status: 400, message: 'The deferred payment exceeds the shop\'s limit; the order was not sent to makers automatically.' },
  'NAL_ORD-130': { status: 404, message: 'This confirmation link is not valid.' },
  'NAL_ORD-131': { status: 400, message: 'This confirmation link no longer applies: the order was answered, or its lines are no longer with the maker.' },
  'NAL_ORD-132': { status: 400, message: 'This confirmation link has expired.' },
  'NAL_ORD-133': { status: 404, message: 'No order sheet has been made for this maker yet.' },
  'NAL_ORD-134': { status: 400, message: 'This maker has no ordered lines to send an order sheet for.' },
  'NAL_ORD-135': { status: 400, message: 'The estimated ship date can no longer be changed: the order has shipped, or it was not accepted.' },
  'NAL_ORD-166': { status: 400, message: 'Cannot change to paid: a selected line is not unpaid.' },
  'NAL_ORD-169': { status: 400, message: 'No unpaid line among the selected lines.' },
  'NAL_ORD-191': { status: 400, message: 'This ship date cannot be selected (before the order date or outside the monthly timeline).' },
  'NAL_ORD-193': { status: 400, message: 'The order was updated by another user; reload it.' },
} as const satisfies Record<string, CatalogueEntry>;
