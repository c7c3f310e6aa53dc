import { PAYMENT_METHOD, REVENUE_LIMITS } from '@oms/domain';
import { CsvEncodingQuery } from '../common/http/csv-encoding.query';
import { KeysetPageQuery } from '../common/http/page.query';
import { NotBefore } from '../common/validation/date-rules';
import { DateText, Id, Money, MonthText, OneOfNumbers, Optional, Required, Text, Version } from '../common/validation/rules';

/** SPEC.md payment method ids (payment_methods): the revenue list filters by one. */
const PAYMENT_METHOD_IDS = Object.values(PAYMENT_METHOD);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base must take `...args: any[]` (TS2545)
type Constructor = new (...args: any[]) => object;

/** The revenue list's filters (GET /revenues, and the CSVs of the same filter), on a list's or a CSV's query. */
function withRevenueFilters<B extends Constructor>(Base: B, options: { salesMonthRequired?: boolean } = {}) {
  class RevenueFilters extends Base {
    /** `YYYY-MM` */
    @(options.salesMonthRequired ? Required() : Optional())
    @MonthText()
    salesMonth?: string;

    @Optional()
    @DateText()
    shipDateFrom?: DateText;

    @Optional()
    @DateText()
    @NotBefore('shipDateFrom', 'ship_date_from')
    shipDateTo?: DateText;

    @Optional()
    @Id()
    shopId?: number;

    @Optional()
    @Id()
    makerId?: number;

    @Optional()
    @OneOfNumbers(PAYMENT_METHOD_IDS)
    paymentMethodId?: number;

    /** Order number, buyer name, kana, phone or e-mail, in part. */
    @Optional()
    @Text(100)
    keyword?: string;
  }
  return RevenueFilters;
}

/** GET /revenues: a page of the filter's records, newest shipment first, and the filter's totals. */
export class RevenueListQuery extends withRevenueFilters(KeysetPageQuery) {}

/** GET /revenues/receivables: the filter's receivables as CSV. */
export class RevenueFilterQuery extends withRevenueFilters(CsvEncodingQuery) {}

/** GET /revenues/ss: the filter's journal; the sales month is required (the file is the month's). */
export class RevenueSsQuery extends withRevenueFilters(CsvEncodingQuery, { salesMonthRequired: true }) {}

/** GET /revenues/prepays: advance payments not yet earned at a cut-off date (today when none is given). */
export class RevenuePrepaysQuery extends CsvEncodingQuery {
  @Optional()
  @DateText()
  date?: DateText;
}

/** PUT /revenues/{id}: what the shop itself paid for the order (all three, so that leaving one out cannot wipe it), and the memo. */
export class RevenueUpdateBody {
  @Required()
  @Version()
  version!: number;

  @Required()
  @Money(REVENUE_LIMITS.costMax)
  actualShipCost!: number;

  @Required()
  @Money(REVENUE_LIMITS.costMax)
  transferFee!: number;

  @Required()
  @Money(REVENUE_LIMITS.costMax)
  otherCost!: number;

  @Optional()
  @Text(REVENUE_LIMITS.memoMax)
  memo?: string | null;
}
