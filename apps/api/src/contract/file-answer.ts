import { SetMetadata } from '@nestjs/common';

export const FILE_ANSWER = 'oms:file-answer';

export interface FileAnswerMeta {
  mediaTypes: string[];
  description: string;
}

/**
 * For the contract: what a handler that writes its own answer (`@Res()`: a file, a download) sends.
 * Without it such a route is described as bytes of any type.
 */
export const FileAnswer = (mediaTypes: string | string[], description: string) =>
  SetMetadata(FILE_ANSWER, { mediaTypes: [mediaTypes].flat(), description } satisfies FileAnswerMeta);

export const ERROR_ANSWERS = 'oms:error-answers';

/**
 * For the contract: error statuses (the error envelope) a route answers that its shape does not show,
 * such as a 404 for a record named in the body or query (a path with a parameter gets its 404 by itself).
 */
export const ErrorAnswers = (...statuses: number[]) => SetMetadata(ERROR_ANSWERS, statuses);

export const ALSO_ANSWERS = 'oms:also-answers';

/** For the contract: another status a route answers with its usual body (a health check's 503 when a dependency is down). */
export const AlsoAnswers = (status: number, description: string) => SetMetadata(ALSO_ANSWERS, { status, description });
