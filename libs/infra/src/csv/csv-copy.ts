import { escapeLiteral } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { PoolClient } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { DataSource } from 'typeorm';
import { CsvColumn, CsvEncoding } from './csv-column';
import { encodeCp932, FORMULA_STARTERS, formatRow } from './csv-writer';

/**
 * A column of a COPY export: its header (and key, so readers of the file can name it), the SQL of its
 * value, and whether it is text (neutralised against formulas).
 */
export interface CopyColumn extends CsvColumn {
  readonly sql: string;
  readonly text?: boolean;
}

export interface CopyCsvQuery {
  readonly columns: readonly CopyColumn[];
  /** `FROM … WHERE … ORDER BY …`, with `$1`… placeholders for `params` (never inside a literal). */
  readonly from: string;
  readonly params: readonly (string | number)[];
}

/** A text cell a spreadsheet would run as a formula gets a leading `'`, as neutraliseFormula does in Node. */
const neutralisedSql = (sql: string) => `CASE WHEN (${sql}) ~ '^''*[${FORMULA_STARTERS}]' THEN '''' || (${sql}) ELSE (${sql}) END`;

/**
 * The SQL statement of a COPY export. COPY takes no bind parameters, so they are inlined as
 * escaped literals (pg's escapeLiteral).
 */
export function copyCsvSql(query: CopyCsvQuery): string {
  const select = query.columns.map((c) => (c.text ? neutralisedSql(c.sql) : c.sql)).join(', ');
  const from = query.from.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1];
    if (value === undefined) throw new Error(`copyCsvSql: no parameter $${n}`);
    return escapeLiteral(String(value));
  });
  return `COPY (SELECT ${select} ${from}) TO STDOUT WITH (FORMAT csv)`;
}

/**
 * A large CSV export straight from PostgreSQL (DESIGN.md §10): `COPY … TO STDOUT` streamed through,
 * about psql's own speed, where a cursor feeding a JavaScript writer is several times slower. The
 * header and BOM come first; rows end in CRLF like every other CSV we write (COPY ends them in LF);
 * Shift_JIS output is converted here (CP932, as createCsvStream does). Memory holds a chunk at a time
 * and backpressure reaches the database. If the reader stops early, the connection is discarded rather
 * than returned to the pool mid-COPY.
 */
export function copyCsv(dataSource: DataSource, query: CopyCsvQuery, encoding: CsvEncoding = 'utf-8'): Readable {
  return Readable.from(copyChunks(dataSource, query, encoding), { objectMode: false });
}

async function* copyChunks(dataSource: DataSource, query: CopyCsvQuery, encoding: CsvEncoding): AsyncGenerator<Buffer> {
  const sql = copyCsvSql(query);
  const sjis = encoding === 'shift_jis';
  const header = formatRow(query.columns.map((c) => c.header));
  yield sjis ? encodeCp932(header) : Buffer.from(`\ufeff${header}`, 'utf8');

  // A read replica when one is configured; the release callback is pg-pool's (an error discards the client).
  const [client, release] = (await (dataSource.driver as PostgresDriver).obtainSlaveConnection()) as [PoolClient, (error?: Error) => void];
  let finished = false;
  try {
    const rows = client.query(copyTo(sql));
    const endings = new RecordEndings();
    // Shift_JIS: decode UTF-8 across chunk boundaries, then encode each piece as CP932.
    const decoder = new StringDecoder('utf8');
    for await (const copied of rows as AsyncIterable<Buffer>) {
      const chunk = endings.crlf(copied);
      yield sjis ? encodeCp932(decoder.write(chunk)) : chunk;
    }
    if (sjis) {
      const rest = decoder.end();
      if (rest) yield encodeCp932(rest);
    }
    finished = true;
  } finally {
    release(finished ? undefined : new Error('CSV export stopped before its end'));
  }
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Turns COPY's record-ending LF into CRLF, leaving line breaks inside quoted cells as they are. A
 * quote toggles "inside a cell" (an escaped `""` toggles twice); the state carries across chunks.
 * Byte-wise on UTF-8, where neither byte occurs inside a multi-byte character.
 */
export class RecordEndings {
  private quoted = false;

  crlf(chunk: Buffer): Buffer {
    const ends: number[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === QUOTE) this.quoted = !this.quoted;
      else if (byte === LF && !this.quoted && (i === 0 || chunk[i - 1] !== CR)) ends.push(i);
    }
    if (ends.length === 0) return chunk;
    const out = Buffer.allocUnsafe(chunk.length + ends.length);
    let from = 0;
    let at = 0;
    for (const end of ends) {
      at += chunk.copy(out, at, from, end);
      out[at++] = CR;
      from = end;
    }
    chunk.copy(out, at, from);
    return out;
  }
}
