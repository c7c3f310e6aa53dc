import { CONVERSATION_STATUS, ConversationStatus } from '../conversations/conversation';

/**
 * Maker inquiries (SPEC.md §2, §3 "Maker inquiry", §4; issue 15): a maker's question to the shop or
 * the shop's to a maker, with its thread, tracked until processed.
 */
export const MAKER_INQUIRY_METHOD = { phone: 1, fax: 2, email: 3, system: 4, other: 5 } as const;
export type MakerInquiryMethod = (typeof MAKER_INQUIRY_METHOD)[keyof typeof MAKER_INQUIRY_METHOD];
export const MAKER_INQUIRY_METHODS: readonly MakerInquiryMethod[] = Object.values(MAKER_INQUIRY_METHOD);

/** The inquiry's state is its thread's status (one source): waiting maker, waiting company, processed. */
export const MAKER_INQUIRY_STATE = {
  waitingMaker: CONVERSATION_STATUS.waitingMaker,
  waitingCompany: CONVERSATION_STATUS.waitingCompany,
  processed: CONVERSATION_STATUS.processed,
} as const;
export type MakerInquiryState = (typeof MAKER_INQUIRY_STATE)[keyof typeof MAKER_INQUIRY_STATE];
export const MAKER_INQUIRY_STATES: readonly MakerInquiryState[] = Object.values(MAKER_INQUIRY_STATE);

export const MAKER_INQUIRY_LIMITS = {
  memoMax: 1000,
  keywordMax: 100,
} as const;

/**
 * A new inquiry's state before anyone writes: the side that opened it waits for the other (a maker's
 * question waits for the company, the company's for the maker).
 */
export function openingState(openedBy: 'staff' | 'maker'): MakerInquiryState {
  return openedBy === 'maker' ? MAKER_INQUIRY_STATE.waitingCompany : MAKER_INQUIRY_STATE.waitingMaker;
}

export function isProcessed(state: ConversationStatus): boolean {
  return state === MAKER_INQUIRY_STATE.processed;
}
