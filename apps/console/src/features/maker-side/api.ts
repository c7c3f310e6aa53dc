import useSWR from 'swr';
import { api, API_BASE_URL, ApiError, type RequestOptions } from '../../api/client';
import type { AnswerOf, BodyOf } from '../../api/wire';

/** What the confirmation link shows a maker (GET /maker-confirmations/{token}), camel-cased. */
export type MakerConfirmation = AnswerOf<'/maker-confirmations/{token}', 'get'>;
export type MakerConfirmationLine = MakerConfirmation['lines'][number];

/** 1 accepted, 2 ship date undecided, 3 not accepted (the domain's). */
export type { MakerConfirmStatus as ConfirmStatus } from '@oms/domain';

/** The answer the link takes (POST /maker-confirmations/{token}). */
export type MakerAnswerBody = BodyOf<'/maker-confirmations/{token}', 'post'>;
export type MakerAnswer = MakerAnswerBody['answer'];
export const MAKER_ANSWERS = ['accept', 'undecided', 'refuse'] as const satisfies readonly MakerAnswer[];

export type MakerAnswered = AnswerOf<'/maker-confirmations/{token}', 'post'>;

/** The link's refusals that end the page: no such link, already answered, expired. */
export const LINK_PROBLEMS = ['NAL_ORD-130', 'NAL_ORD-131', 'NAL_ORD-132'] as const;

export const isLinkProblem = (code: string | undefined) => (LINK_PROBLEMS as readonly (string | undefined)[]).includes(code);

/** The page is public: no bearer, and no sign-in redirect or error screen from the client's handlers. */
const PUBLIC: RequestOptions = { auth: false, routeErrors: false };

const pathOf = (token: string) => `/maker-confirmations/${encodeURIComponent(token)}`;

/** The latest sheet's PDF, opened by the browser itself while the link is valid. */
export const sheetUrl = (token: string) => `${API_BASE_URL}${pathOf(token)}/sheet`;

/** The order the link is for; every refusal throws an ApiError with its code. */
export async function fetchMakerConfirmation(token: string): Promise<MakerConfirmation> {
  const result = await api.get<MakerConfirmation>(pathOf(token), PUBLIC);
  if (!result.ok) throw new ApiError(result.status, result.error.message, result.error.errorCode);
  return result.data;
}

/** 400 and 422 come back as results; 404 (NAL_ORD-130), 429 and the rest throw an ApiError. */
export function answerMakerConfirmation(token: string, body: MakerAnswerBody) {
  return api.post<MakerAnswered>(pathOf(token), body, PUBLIC);
}

export type ShipDateChanged = AnswerOf<'/maker-confirmations/{token}/estimated-ship-date', 'put'>;

/** After answering: a new estimated ship date (400 and 422 come back as results, the rest throw). */
export function changeShipDate(token: string, body: BodyOf<'/maker-confirmations/{token}/estimated-ship-date', 'put'>) {
  return api.put<ShipDateChanged>(`${pathOf(token)}/estimated-ship-date`, body, PUBLIC);
}

export function useMakerConfirmation(token: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR(token ? ['maker-confirmation', token] : null, () => fetchMakerConfirmation(token!), {
    // The page shows every failure itself; a retry is the maker's choice.
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  return { confirmation: data, error: error as ApiError | undefined, isLoading, reload: mutate };
}
