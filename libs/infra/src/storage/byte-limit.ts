import { Transform } from 'node:stream';
import { FileTooLargeError } from './file-storage';

/** Passes bytes through until more than `maxBytes` have gone by, then fails the pipeline (FileTooLargeError). */
export function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      seen += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (seen > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}
