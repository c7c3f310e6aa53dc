import type { Response } from 'express';
import { pipeline } from 'node:stream';
import type { CsvDownload } from './product-queries';

/** Streams a CSV download to the browser; an error half-way cuts the response (the file is visibly incomplete). */
export function sendCsv(res: Response, file: CsvDownload): void {
  res.status(200);
  res.setHeader('Content-Type', `text/csv; charset=${file.encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}`);
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  pipeline(file.body, res, () => undefined);
}
