import { useCallback, useState } from 'react';
import useSWR from 'swr';
import { api, swrFetcher } from '../../../api/client';
import type { AnswerOf, BodyOf, Wire } from '../../../api/wire';
import { ORDERS_PATH } from './order';

/** One revision of a maker's order sheet (GET /orders/{id}/order-sheets), camel-cased. */
export type OrderSheet = Wire<'OrderSheetView'>;
export type OrderSheetStatus = OrderSheet['status'];
/** The file an order sheet is read as (the order's `file_type`). */
export type SheetFileType = Wire<'OrderView'>['fileType'];

/** How often the sheets are read again while one waits for the worker, and for how long after a request. */
export const SHEETS_POLL_MS = 2000;
export const SHEETS_POLL_AFTER_REQUEST_MS = 20_000;

/** Under the order's path: revalidating the order (after a command) reads the sheets again too. */
export const orderSheetsPath = (orderId: string) => `${ORDERS_PATH}/${orderId}/order-sheets`;

/**
 * The order's sheets, newest revision first (a maker gets only its own). The worker sends them
 * after the request has been answered, so they are read again every few seconds while one is
 * pending, and for a while after a request (its new revision may not be written yet).
 */
export function useOrderSheets(orderId: string | undefined) {
  const [pollUntil, setPollUntil] = useState(0);
  // Stable between renders (SWR restarts its timer when this changes), and changed by a request.
  const refreshInterval = useCallback(
    (latest?: { data: unknown }) => {
      const sheets = (latest?.data ?? []) as OrderSheet[];
      return sheets.some((s) => s.status === 'pending') || Date.now() < pollUntil ? SHEETS_POLL_MS : 0;
    },
    [pollUntil],
  );
  const { data, mutate } = useSWR(orderId ? orderSheetsPath(orderId) : null, swrFetcher, { refreshInterval });
  return {
    sheets: (data?.data ?? []) as OrderSheet[],
    /** After a resend or release: read now, and keep reading for a while. */
    followRequest: () => {
      setPollUntil(Date.now() + SHEETS_POLL_AFTER_REQUEST_MS);
      return mutate();
    },
  };
}

/** Resend a maker's sheet, or release the held one: 202, the worker sends it. */
export function requestOrderSheet(orderId: string, makerId: string, version: number) {
  return api.post<AnswerOf<'/orders/{orderId}/order-sheets', 'post'>>(orderSheetsPath(orderId), { makerId, version } satisfies BodyOf<'/orders/{orderId}/order-sheets', 'post'>);
}

/** A revision's PDF (as sent) or CSV, in a new window with a one-minute media token. */
export function downloadOrderSheet(orderId: string, sheet: Pick<OrderSheet, 'makerId' | 'revision'>, fileType: SheetFileType) {
  return api.download(`${ORDERS_PATH}/${orderId}/download-order-maker`, { makerId: sheet.makerId, fileType, revision: sheet.revision });
}
