import { DEPOSIT_REVERT_REASON_MAX, DEPOSIT_STATUSES, DEPOSIT_TYPES, MONEY_LIMITS } from '@oms/domain';
import { CsvEncodingQuery } from '../common/http/csv-encoding.query';
import { KeysetPageQuery } from '../common/http/page.query';
import { ReimportConfirmation } from '../common/uploads/reimport-confirmation.dto';
import { NotBefore } from '../common/validation/date-rules';
import { DateText, Id, Int, Money, OneOf, OneOfNumbers, Optional, Required, Text, Version } from '../common/validation/rules';

/** The upload's form fields besides the file: `confirm_reimport` after staff were told the file came before. */
export class DepositUploadForm extends ReimportConfirmation {}

export const RECORD_STATES = ['pending', 'matched', 'review', 'duplicate', 'reverted'] as const;

/** GET /deposits/{id}/records: an upload's records in file order, by state or SPEC.md §4 status. */
export class DepositRecordsQuery extends KeysetPageQuery {
  @Optional()
  @OneOf(RECORD_STATES)
  state?: (typeof RECORD_STATES)[number];

  @Optional()
  @OneOfNumbers(DEPOSIT_STATUSES)
  status?: 1 | 2 | 3 | 4;
}

/** PUT /deposits/records/{id}/revert and PUT /deposits/{id}/revert. */
export class DepositRevertBody {
  @Required()
  @Version()
  version!: number;

  @Required()
  @Text(DEPOSIT_REVERT_REASON_MAX)
  reason!: string;
}

/** PUT /deposits/{orderId}/update: a payment on one order by hand (SPEC.md §3 Deposit). */
export class DepositUpdateBody {
  /** The order's version as read (a changed order: NAL_ORD-193). */
  @Required()
  @Version()
  version!: number;

  @Required()
  @OneOfNumbers(DEPOSIT_TYPES)
  type!: number;

  /** Yen received, at least 1: a payment of nothing is no payment. */
  @Required()
  @Int(1, MONEY_LIMITS.totalMax)
  amount!: number;

  @Required()
  @DateText()
  paidDate!: DateText;

  @Optional()
  @Money(MONEY_LIMITS.feeMax)
  settlementFee: number = 0;

  @Optional()
  @Money(MONEY_LIMITS.feeMax)
  transferFee: number = 0;

  @Optional()
  @Money(MONEY_LIMITS.feeMax)
  otherFee: number = 0;

  @Optional()
  @Money(MONEY_LIMITS.feeMax)
  shippingFee: number = 0;

  /** The bank record left for review that this payment comes from. */
  @Optional()
  @Id()
  recordId?: number;
}

/** A CSV download's encoding: UTF-8 with BOM (default) or Shift_JIS. */

/** GET /deposits/report: the payments of a period (paid dates from–to). */
export class DepositReportQuery extends CsvEncodingQuery {
  @Required()
  @DateText()
  from!: DateText;

  @Required()
  @DateText()
  @NotBefore('from', 'from')
  to!: DateText;
}

/** GET /deposits/advance-payments: orders paid and not yet shipped at a cut-off date. */
export class AdvancePaymentsQuery extends CsvEncodingQuery {
  @Required()
  @DateText()
  date!: DateText;
}
