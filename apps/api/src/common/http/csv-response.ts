import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** A CSV file answered to a download: its name, encoding and content as it streams. */
export interface CsvDownload {
  filename: string;
  encoding: 'utf-8' | 'shift_jis';
  body: Readable;
}

/** Streams a CSV download to the browser; an error half-way cuts the response (the file is visibly incomplete). */
export function sendCsv(res: FastifyReply, file: CsvDownload): void {
  void res
    .status(200)
    .headers({
      'Content-Type': `text/csv; charset=${file.encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}`,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
    })
    .send(file.body);
}
