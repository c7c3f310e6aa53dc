import { japanToday } from '@oms/domain';
import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { api, ApiError, type RequestOptions } from '../../../api/client';
import type { AnswerOf, BodyOf } from '../../../api/wire';

/** The two public forms (SPEC.md §2): a general inquiry, and a return or exchange request. */
export type InquiryFormKind = 'inquiry' | 'return';

/** What the forms offer (GET /customer-inquiries/form-options): the shops, the first pickup date, the pickup slots. */
export type FormOptions = AnswerOf<'/customer-inquiries/form-options', 'get'>;

export type InquiryFormBody = BodyOf<'/customer-inquiries/inquiry-form', 'post'>;
export type ReturnFormBody = BodyOf<'/customer-inquiries/return-form', 'post'>;
export type FormBodies = { inquiry: InquiryFormBody; return: ReturnFormBody };

/** What a sent form answers: the reference the customer quotes, and when it was received. */
export type InquiryReceipt = AnswerOf<'/customer-inquiries/inquiry-form', 'post'>;

/** The pages are public: no bearer, and no sign-in redirect or error screen from the client's handlers. */
const PUBLIC: RequestOptions = { auth: false, routeErrors: false };

const FORM_PATHS = { inquiry: '/customer-inquiries/inquiry-form', return: '/customer-inquiries/return-form' } as const satisfies Record<InquiryFormKind, string>;

/** Sends a form: 201 with the receipt, or 422 with its fields' errors as a result; 429, 5xx and no answer throw an ApiError. */
export function sendInquiryForm<K extends InquiryFormKind>(kind: K, body: FormBodies[K]) {
  return api.post<InquiryReceipt>(FORM_PATHS[kind], body, PUBLIC);
}

async function fetchFormOptions(): Promise<FormOptions> {
  const result = await api.get<FormOptions>('/customer-inquiries/form-options', PUBLIC);
  if (!result.ok) throw new ApiError(result.status, result.error.message, result.error.errorCode);
  return result.data;
}

/**
 * The forms' options. The first pickup date is today's (Japan's): a page left open past midnight reads
 * them again when it is looked at (the tab shown or focused), so the picker and its rule move on with the day.
 */
export function useFormOptions() {
  const { data, error, isLoading, mutate } = useSWR('customer-inquiry-form-options', fetchFormOptions, {
    // The page shows a failure itself; trying again is the customer's choice.
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const readOn = useRef(japanToday());
  useEffect(() => {
    const lookedAt = () => {
      if (document.visibilityState === 'hidden' || readOn.current === japanToday()) return;
      readOn.current = japanToday();
      void mutate();
    };
    document.addEventListener('visibilitychange', lookedAt);
    window.addEventListener('focus', lookedAt);
    return () => {
      document.removeEventListener('visibilitychange', lookedAt);
      window.removeEventListener('focus', lookedAt);
    };
  }, [mutate]);
  return { options: data, error: error as ApiError | undefined, isLoading, reload: mutate };
}
