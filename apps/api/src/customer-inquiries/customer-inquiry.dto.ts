import {
  BANK_ACCOUNT_TYPES,
  CUSTOMER_INQUIRY_KINDS,
  CUSTOMER_INQUIRY_LIMITS as L,
  CUSTOMER_INQUIRY_METHODS,
  CUSTOMER_INQUIRY_STATES,
  CUSTOMER_INQUIRY_TYPES,
  FORM_LANGUAGES,
  isAccountHolderKana,
  PICKUP_SLOT_NUMBERS,
  RETURN_METHODS,
  RETURN_REQUESTS,
} from '@oms/domain';
import { CUSTOMER_INQUIRY_LIST_ORDERS } from '@oms/infra';
import { KeysetPageQuery } from '../common/http/page.query';
import { NotBefore } from '../common/validation/date-rules';
import { Bool, check, DateText, Email, Id, OneOf, OneOfNumbers, Optional, Pattern, PhoneNumber, Postcode, Printable, Required, SameAs, Text, Version } from '../common/validation/rules';

/** Who writes (SPEC.md §3 "Contact"): the name, and a way to answer. */
class InquiryContact {
  // The name and company may become a customer's, which documents print: the same check as customers'.
  @Optional()
  @Text(L.companyMax)
  @Printable()
  company?: string | null;

  @Optional()
  @Text(L.positionMax)
  @Printable()
  position?: string | null;

  @Required()
  @Text(L.nameMax)
  @Printable()
  name!: string;

  @Optional()
  @Text(L.phoneMax)
  @PhoneNumber()
  phone?: string | null;

  /** The shop the inquiry is about (its list: GET /customer-inquiries/form-options). */
  @Optional()
  @Id()
  shopId?: number | null;

  @Optional()
  @Text(L.productMax)
  product?: string | null;
}

/** What an inquiry asks (SPEC.md §3 "Subject"): its type, title and message, and the order it names. */
class InquirySubject extends InquiryContact {
  /** The order it is about, by its number: a public form's must be the sender's (NAL-INQ-003). */
  @Optional()
  @Text(L.orderNoMax)
  orderNo?: string | null;

  /** 1 product, 2 order and delivery, 3 return or exchange, 4 other. */
  @Required()
  @OneOfNumbers(CUSTOMER_INQUIRY_TYPES)
  inquiryType!: number;

  @Required()
  @Text(L.titleMax)
  title!: string;

  @Required()
  @Text(L.contentMax)
  content!: string;
}

/**
 * What both public forms add to their fields: the e-mail twice (they must match: `email_not_match`), the
 * form's language (the acknowledgement's), and `website`, a field the page hides from people: a request
 * that fills it is a bot's, answered as a success and not stored. A mixin, as both forms' own fields differ.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base must take `...args: any[]` (TS2545)
function PublicForm<Base extends new (...args: any[]) => InquiryContact>(base: Base) {
  class Public extends base {
    @Required()
    @Email(L.emailMax)
    email!: string;

    @Required()
    @Text(L.emailMax)
    @SameAs('email', 'email', 'email_not_match')
    confirmEmail!: string;

    /** The form's language, and so the acknowledgement mail's: ja (the default) or en. */
    @Optional()
    @OneOf(FORM_LANGUAGES)
    language?: string;

    /** Hidden from people (the honeypot): leave it out or empty. */
    @Optional()
    @Text(200)
    website?: string | null;
  }
  return Public;
}

/** POST /customer-inquiries/inquiry-form (public): a general inquiry. */
export class InquiryFormBody extends PublicForm(InquirySubject) {}

/**
 * POST /customer-inquiries/return-form (public): a return or exchange request for an order bought with
 * this e-mail or phone (SPEC.md §2 "return form for care shoes", §5, §9). A return needs the bank account
 * the refund goes to; a pickup, its date (4 business days ahead at least) and time slot.
 */
export class ReturnFormBody extends PublicForm(InquiryContact) {
  @Required()
  @Text(L.orderNoMax)
  orderNo!: string;

  @Optional()
  @DateText()
  purchaseDate?: DateText | null;

  /** When the goods arrived: a return is asked for within 7 days of it. */
  @Required()
  @DateText()
  @NotBefore('purchaseDate', 'purchase_date')
  deliveryDate!: DateText;

  /** 1 exchange, 2 return (refund). */
  @Required()
  @OneOfNumbers(RETURN_REQUESTS)
  returnRequest!: number;

  /** 1 a carrier picks the goods up, 2 the customer sends them. */
  @Required()
  @OneOfNumbers(RETURN_METHODS)
  returnMethod!: number;

  /** The reason, and anything else to say. */
  @Required()
  @Text(L.contentMax)
  content!: string;

  /** Dates the customer would like (the exchange's delivery, say), as they write them. */
  @Optional()
  @Text(L.desiredDatesMax)
  desiredDates?: string | null;

  @Optional()
  @DateText()
  pickupDate?: DateText | null;

  /** 1 9–13, 2 14–16, 3 16–18, 4 17–18:30. */
  @Optional()
  @OneOfNumbers(PICKUP_SLOT_NUMBERS)
  pickupSlot?: number | null;

  /** Where the goods are picked up or sent from. */
  @Required()
  @Text(L.zipMax)
  @Postcode()
  returnZip!: string;

  @Required()
  @Text(L.addressMax)
  returnAddress!: string;

  @Optional()
  @Text(L.bankNameMax)
  bankName?: string | null;

  @Optional()
  @Text(L.branchNameMax)
  bankBranch?: string | null;

  /** 1 ordinary (普通), 2 checking (当座). */
  @Optional()
  @OneOfNumbers(BANK_ACCOUNT_TYPES)
  bankAccountType?: number | null;

  @Optional()
  @Pattern('accountNumber', /^\d{7}$/, 'digits')
  bankAccountNumber?: string | null;

  /** The holder's name in full-width katakana, as the bank has it. */
  @Optional()
  @Text(L.accountHolderMax)
  @check('accountHolder', (v) => typeof v !== 'string' || v === '' || isAccountHolderKana(v), 'katakana')
  bankAccountHolder?: string | null;

  /** The return conditions accepted: must be true. */
  @Required()
  @Bool()
  agreement!: boolean;
}

/** POST /customer-inquiries: staff record an inquiry that came by phone, fax or otherwise. */
export class CreateCustomerInquiryBody extends InquirySubject {
  /** 1 shop (the web forms), 2 phone, 3 fax, 4 system, 5 other. */
  @Required()
  @OneOfNumbers(CUSTOMER_INQUIRY_METHODS)
  method!: number;

  @Optional()
  @Email(L.emailMax)
  email?: string | null;

  /** Who follows it; the recorder when left out. */
  @Optional()
  @Id()
  personInChargeId?: number | null;

  @Optional()
  @Text(L.csMemoMax)
  csMemo?: string | null;
}

/** PUT /customer-inquiries/{id}: staff's handling at the version read. */
export class UpdateCustomerInquiryBody {
  @Optional()
  @Id()
  personInChargeId?: number | null;

  @Optional()
  @Text(L.csMemoMax)
  csMemo?: string | null;

  /** 1 waiting, 2 replied, 3 completed. */
  @Required()
  @OneOfNumbers(CUSTOMER_INQUIRY_STATES)
  state!: number;

  @Required()
  @Version()
  version!: number;
}

/** GET /customer-inquiries: newest first, or by reply deadline (`sort=reply_due_at`); keyset pages. */
export class CustomerInquiryListQuery extends KeysetPageQuery {
  @Optional()
  @OneOf(Object.keys(CUSTOMER_INQUIRY_LIST_ORDERS))
  sort?: string;

  /** 1 waiting, 2 replied, 3 completed. */
  @Optional()
  @OneOfNumbers(CUSTOMER_INQUIRY_STATES)
  state?: number;

  @Optional()
  @OneOfNumbers(CUSTOMER_INQUIRY_METHODS)
  method?: number;

  /** inquiry (the general form, or recorded by staff) or return (the return/exchange form). */
  @Optional()
  @OneOf(CUSTOMER_INQUIRY_KINDS)
  kind?: string;

  @Optional()
  @Id()
  shopId?: number;

  @Optional()
  @Id()
  personInChargeId?: number;

  @Optional()
  @Id()
  customerId?: number;

  /** Received on or after this day (Japan). */
  @Optional()
  @DateText()
  from?: DateText;

  @Optional()
  @DateText()
  @NotBefore('from', 'from')
  to?: DateText;

  /** 1: only those waiting past their reply deadline. */
  @Optional()
  @OneOfNumbers([0, 1])
  overdue?: number;

  /** The reference, the contact, the subject or the order number, in part. */
  @Optional()
  @Text(L.keywordMax)
  keyword?: string;
}
