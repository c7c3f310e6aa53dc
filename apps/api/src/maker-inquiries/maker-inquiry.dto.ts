import { CONVERSATION_LIMITS, MAKER_INQUIRY_LIMITS, MAKER_INQUIRY_METHODS, MAKER_INQUIRY_STATES } from '@oms/domain';
import { KeysetPageQuery } from '../common/http/page.query';
import { Bool, Id, NotNull, OneOfNumbers, Optional, Required, Text, Version } from '../common/validation/rules';

/** GET /maker-inquiries: newest first; a maker account sees its own maker's only. */
export class MakerInquiryListQuery extends KeysetPageQuery {
  @Optional()
  @Id()
  makerId?: number;

  /** 1 waiting for the maker, 2 waiting for the company, 3 processed. */
  @Optional()
  @OneOfNumbers(MAKER_INQUIRY_STATES)
  state?: number;

  /** 1: processed only; 0: not processed yet. */
  @Optional()
  @OneOfNumbers([0, 1])
  processed?: number;

  /** 1 phone, 2 fax, 3 e-mail, 4 system (the console), 5 other. */
  @Optional()
  @OneOfNumbers(MAKER_INQUIRY_METHODS)
  method?: number;

  /** The maker's name, a message, and (staff) the memo or the customer's name, in part. */
  @Optional()
  @Text(MAKER_INQUIRY_LIMITS.keywordMax)
  keyword?: string;
}

/** What only staff give an inquiry: the customer it is about, their memo, who follows it. */
class MakerInquiryDetails {
  @Optional()
  @Id()
  customerId?: number | null;

  @Optional()
  @Text(MAKER_INQUIRY_LIMITS.memoMax)
  memo?: string | null;

  /** The staff member who follows the inquiry (mailed when the maker answers); the creator when none is given. */
  @Optional()
  @Id()
  personInChargeId?: number | null;
}

/**
 * POST /maker-inquiries: staff ask a maker (method and maker required), or a maker account asks the
 * company (its own maker, by the console: only the message is taken). The first message opens the thread.
 */
export class CreateMakerInquiryBody extends MakerInquiryDetails {
  /** 1 phone, 2 fax, 3 e-mail, 4 system (the console), 5 other. */
  @Optional()
  @OneOfNumbers(MAKER_INQUIRY_METHODS)
  method?: number;

  @Optional()
  @Id()
  makerId?: number;

  @Required()
  @Text(CONVERSATION_LIMITS.contentMax)
  message!: string;
}

/** PUT /maker-inquiries/{id}: the fields at the version read; `processed` is 'processed and save' (false reopens it). */
export class UpdateMakerInquiryBody extends MakerInquiryDetails {
  @Required()
  @OneOfNumbers(MAKER_INQUIRY_METHODS)
  method!: number;

  @Required()
  @Id()
  makerId!: number;

  @Required()
  @Version()
  version!: number;

  @NotNull()
  @Bool()
  processed?: boolean;
}
