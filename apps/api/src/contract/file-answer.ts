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
