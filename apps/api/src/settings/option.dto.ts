import { isMonthDay, isValidInvoiceRegistrationNumber, OPTION_LIMITS, TRANSFER_FEE_MAX, TRANSFER_FEES_MAX } from '@oms/domain';
import { PageQuery } from '../common/http/page.query';
import { check, DateText, Int, IntItems, MonthText, NotNull, Optional, PhoneNumber, Postcode, Printable, Required, Text, Version } from '../common/validation/rules';

const L = OPTION_LIMITS;

/**
 * PUT /settings/option: the operator's details for print documents. A field left out keeps its
 * value; null or '' clears it (the tax percent cannot be cleared).
 */
export class OptionBody {
  @Optional()
  @Text(L.companyNameMax)
  @Printable()
  companyName?: string | null;

  @Optional()
  @Text(L.zipMax)
  @Postcode()
  zip?: string | null;

  @Optional()
  @Text(L.addressMax)
  @Printable()
  address?: string | null;

  @Optional()
  @Text(L.phoneMax)
  @PhoneNumber()
  phone?: string | null;

  @Optional()
  @Text(L.invoiceRegistrationNumberMax)
  // T and 13 digits whose first is the check digit (libs/domain print-documents/registration-number.ts).
  @check('invoiceRegistrationNumber', (v) => v === '' || (typeof v === 'string' && isValidInvoiceRegistrationNumber(v)), 'NAL-SET-102')
  invoiceRegistrationNumber?: string | null;

  @NotNull()
  @Int(L.taxPercentMin, L.taxPercentMax)
  defaultTaxPercent?: number;

  @Optional()
  @Text(L.bankAccountMax)
  bankAccount?: string | null;

  /** The shortfalls a payer's bank transfer fee explains when deposits are matched (yen; default 110–880). Left out keeps them. */
  @Optional()
  @IntItems(TRANSFER_FEES_MAX, 1, TRANSFER_FEE_MAX)
  transferFees?: number[];

  /**
   * The company seal printed on stamped estimates: an image the browser PUT to a presigned URL
   * (GET /medias/presigned_url), PNG or JPEG. Left out keeps it; null goes back to the default seal.
   */
  @Optional()
  @Text(1024)
  sealS3Path?: string | null;

  /** The first day of the year-end closing, `MM-DD` (12-29); with `year_end_closed_to`, or both null for none. Left out keeps it. */
  @Optional()
  @check('monthDay', (v) => typeof v !== 'string' || v === '' || isMonthDay(v), 'date_format')
  yearEndClosedFrom?: string | null;

  /** The last day of the year-end closing, `MM-DD` (01-03). */
  @Optional()
  @check('monthDay', (v) => typeof v !== 'string' || v === '' || isMonthDay(v), 'date_format')
  yearEndClosedTo?: string | null;

  @Required()
  @Version()
  version!: number;
}

/** GET /payments/search: every payment method, or the one with `id` (0 is "not required"). */
export class PaymentSearchQuery extends PageQuery {
  @Optional()
  @Int(0, 32767)
  id?: number;
}

/** POST /settings/time_shipments: month `YYYY-MM` (unique), start and finish dates (`Y-m-d` or `Y/m/d`). */
export class TimeShipmentBody {
  @Required()
  @MonthText()
  month!: string;

  @Required()
  @DateText()
  startDate!: DateText;

  @Required()
  @DateText()
  finishDate!: DateText;
}

export class UpdateTimeShipmentBody extends TimeShipmentBody {
  @Required()
  @Version()
  version!: number;
}

export class TimeShipmentListQuery extends PageQuery {
  @Optional()
  @Int(1900, 9999)
  year?: number;
}

