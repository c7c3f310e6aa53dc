import useSWR, { useSWRConfig } from 'swr';
import { api, swrFetcher, type Query } from '../../../api/client';
import type { KeysetPagination } from '../../../api/wire';
import { MakerInquiry, MAKER_INQUIRIES_PATH, MakerInquiryInput, makerInquiryPath, MakerInquiryUpdate } from './maker-inquiry';

/** GET /maker-inquiries: a page of the filter's inquiries, newest first, paged by cursor (a maker account: its own). */
export function useMakerInquiries(query: Query) {
  const { data, error, isLoading } = useSWR([MAKER_INQUIRIES_PATH, query], swrFetcher);
  return {
    inquiries: (data?.data ?? []) as MakerInquiry[],
    pagination: data?.pagination as KeysetPagination | undefined,
    error: error as unknown,
    isLoading,
  };
}

/** One inquiry (GET /maker-inquiries/{id}). */
export function useMakerInquiry(id: string | undefined) {
  const { data, error, mutate } = useSWR(id ? makerInquiryPath(id) : null, swrFetcher);
  return { inquiry: data?.data as MakerInquiry | undefined, error: error as unknown, reload: () => mutate() };
}

/** Creating and saving an inquiry: the list's pages and the inquiry are read again after each. */
export function useMakerInquiryChanges() {
  const { mutate } = useSWRConfig();
  const reload = () =>
    mutate((key) => {
      const path = Array.isArray(key) ? key[0] : key;
      return typeof path === 'string' && path.startsWith(MAKER_INQUIRIES_PATH);
    });
  return {
    reload,
    create: async (input: MakerInquiryInput) => {
      const result = await api.post<MakerInquiry>(MAKER_INQUIRIES_PATH, input);
      if (result.ok) await reload();
      return result;
    },
    /** The fields at the version read; `processed` true is 'processed and save' (NAL-INQ-001 when someone saved since). */
    update: async (id: number | string, input: MakerInquiryUpdate) => {
      const result = await api.put<MakerInquiry>(makerInquiryPath(id), input);
      if (result.ok) await reload();
      return result;
    },
  };
}
