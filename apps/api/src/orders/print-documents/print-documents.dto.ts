import { PRINT_DOCUMENT_KINDS, PRINT_DOCUMENT_LIMITS, PrintDocumentKind } from '@oms/domain';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsInt, Max, Min } from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { Id, idFrom, Ids, OneOf, Optional, Printable, Required, rule, Text } from '../../common/validation/rules';
import { ID_SCHEMA, WireSchema } from '../../common/validation/wire-schema';

const L = PRINT_DOCUMENT_LIMITS;

/** GET /orders/{orderId}/documents/{kind}. */
export class PrintDocumentParam {
  @Required()
  @Id()
  orderId!: number;

  @Required()
  @OneOf(PRINT_DOCUMENT_KINDS)
  kind!: PrintDocumentKind;
}

/** A receipt's 宛名 and 但し書き, taken when it is first issued (a reissue prints the first ones). */
class ReceiptTermsFields {
  @Optional()
  @Text(L.addresseeMax)
  @Printable()
  addressee?: string;

  @Optional()
  @Text(L.provisoMax)
  @Printable()
  proviso?: string;
}

/** The query of a document download: the receipt's terms, and the media token (or a bearer token). */
export class PrintDocumentQuery extends ReceiptTermsFields {
  @Optional()
  @Text(2000)
  token?: string;
}

/** The media token only (GET /orders/{id}/download-bill). */
export class DownloadTokenQuery {
  @Optional()
  @Text(2000)
  token?: string;
}

/** POST /orders/documents: issue one kind of document for many orders. */
export class PrintDocumentsBody extends ReceiptTermsFields {
  @Required()
  @OneOf(PRINT_DOCUMENT_KINDS)
  kind!: PrintDocumentKind;

  @Ids(L.batchMax)
  orderIds!: number[];
}

/** Order ids in a query: `ids=1,2,3` or `ids=1&ids=2`, at most PRINT_DOCUMENT_LIMITS.batchMax. */
const IdList = () =>
  applyDecorators(
    WireSchema({ type: 'array', items: ID_SCHEMA }),
    Transform(({ value }) =>
      value === undefined ? value : (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])).map(idFrom),
    ),
    IsArray(rule('required')),
    ArrayNotEmpty(rule('required')),
    ArrayMaxSize(L.batchMax, rule('max', { max: L.batchMax })),
    IsInt(rule('integer', undefined, true)),
    Min(1, rule('min', { min: 1 }, true)),
    Max(Number.MAX_SAFE_INTEGER, rule('max', { max: Number.MAX_SAFE_INTEGER }, true)),
  );

/** GET /orders/documents/download: the issued documents of these orders as one PDF. */
export class PrintDocumentsDownloadQuery {
  @Required()
  @OneOf(PRINT_DOCUMENT_KINDS)
  kind!: PrintDocumentKind;

  @IdList()
  ids!: number[];

  @Optional()
  @Text(2000)
  token?: string;
}
