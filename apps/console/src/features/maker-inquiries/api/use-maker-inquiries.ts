import type { Query } from '../../../api/client';
import { useRecord, useRecordChanges, useRecordPage } from '../../../common/use-records';
import { MakerInquiry, MAKER_INQUIRIES_PATH, MakerInquiryInput, makerInquiryPath, MakerInquiryUpdate } from './maker-inquiry';

/** GET /maker-inquiries: a page of the filter's inquiries, newest first, paged by cursor (a maker account: its own). */
export const useMakerInquiries = (query: Query) => useRecordPage<MakerInquiry>(MAKER_INQUIRIES_PATH, query);

/** One inquiry (GET /maker-inquiries/{id}). */
export const useMakerInquiry = (id: string | undefined) => useRecord<MakerInquiry>(id ? makerInquiryPath(id) : null);

/**
 * Creating and saving an inquiry (its fields at the version read; `processed` true is 'processed and
 * save', NAL-INQ-001 when someone saved since): the list's pages and the inquiry are read again after each.
 */
export const useMakerInquiryChanges = () => useRecordChanges<MakerInquiry, MakerInquiryInput, MakerInquiryUpdate>(MAKER_INQUIRIES_PATH, makerInquiryPath);
