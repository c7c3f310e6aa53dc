import type { FastifyReply } from 'fastify';
import type { CsvDownload } from './product-queries';

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
