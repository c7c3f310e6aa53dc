import useSWR, { useSWRConfig } from 'swr';
import { api, swrFetcher, type ApiResult, type Query } from '../api/client';
import type { KeysetPagination } from '../api/wire';

/**
 * The reads and writes of an area whose records live under one path (the inquiries: GET `path` paged by
 * cursor, GET/PUT `pathOf(id)`, POST `path`), each area's hooks naming its own types.
 */

/** GET `path` with the list's query: a page of the filter's records and where it is (keyset paging). */
export function useRecordPage<T>(path: string, query: Query) {
  const { data, error, isLoading } = useSWR([path, query], swrFetcher);
  return {
    records: (data?.data ?? []) as T[],
    pagination: data?.pagination as KeysetPagination | undefined,
    error: error as unknown,
    isLoading,
  };
}

/** One record (GET `path`); nothing read while there is no path. */
export function useRecord<T>(path: string | null) {
  const { data, error, mutate } = useSWR(path, swrFetcher);
  return { record: data?.data as T | undefined, error: error as unknown, reload: () => mutate() };
}

/** Creating (POST `path`) and saving (PUT `pathOf(id)`) a record: everything read under `path` (the list's pages, the record) is read again after each. */
export function useRecordChanges<T, Create, Update>(path: string, pathOf: (id: number | string) => string) {
  const { mutate } = useSWRConfig();
  const reload = () =>
    mutate((key) => {
      const read = Array.isArray(key) ? key[0] : key;
      return typeof read === 'string' && read.startsWith(path);
    });
  const readAgainIfSaved = async (result: ApiResult<T>) => {
    if (result.ok) await reload();
    return result;
  };
  return {
    reload,
    create: async (input: Create) => readAgainIfSaved(await api.post<T>(path, input)),
    /** At the version read (the area's stale code when someone saved since). */
    update: async (id: number | string, input: Update) => readAgainIfSaved(await api.put<T>(pathOf(id), input)),
  };
}
