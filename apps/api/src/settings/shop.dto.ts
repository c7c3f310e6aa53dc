import { MONEY_LIMITS, SHOP_LIMITS, SHOP_TYPES, ShopType } from '@oms/domain';
import { ValidateIf } from 'class-validator';
import { PageQuery } from '../common/http/page.query';
import { Email, Id, Int, ManyOf, Money, OneOf, Optional, PhoneNumber, Printable, Required, Text, Version } from '../common/validation/rules';
import { HttpUrl, SecretText } from './settings.rules';

const L = SHOP_LIMITS;

/**
 * POST /shops and PUT /shops/{id} (SPEC.md §3, §5). Secrets (EC password, auth codes): a string is
 * sealed and stored, '' clears, omitted or null keeps the stored one on update.
 */
export class ShopBody {
  @Required()
  @Text(L.nameMax)
  @Printable()
  name!: string;

  @Required()
  @Text(L.codeMax)
  @Printable()
  code!: string;

  @Required()
  @OneOf(SHOP_TYPES)
  type!: ShopType;

  @Optional()
  @Text(L.ecShopIdMax)
  ecShopId?: string | null;

  @Optional()
  @SecretText(L.secretMax)
  ecPassword?: string | null;

  @Optional()
  @Text(L.adminUrlMax)
  @HttpUrl('NAL-SHOP-002')
  adminUrl?: string | null;

  @Optional()
  @SecretText(L.secretMax)
  productAuthCode?: string | null;

  @Optional()
  @SecretText(L.secretMax)
  orderAuthCode?: string | null;

  @Optional()
  @SecretText(L.secretMax)
  memberAuthCode?: string | null;

  @Optional()
  @Id()
  ownerUserId?: number | null;

  @Optional()
  @Money(MONEY_LIMITS.totalMax)
  npLimitAmount?: number | null;

  @Optional()
  @Int(L.ediStopAmountMin, L.ediStopAmountMax)
  ediStopAmount?: number | null;

  @Optional()
  @Int(L.reminderDaysMin, L.reminderDaysMax)
  orderReminderDays?: number | null;

  @Optional()
  @Int(L.reminderHourMin, L.reminderHourMax)
  orderReminderHour?: number | null;

  @Optional()
  @Int(L.reminderDaysMin, L.reminderDaysMax)
  shipReminderDays?: number | null;

  @Optional()
  @Int(L.reminderHourMin, L.reminderHourMax)
  shipReminderHour?: number | null;

  // The shop's contact for makers: printed on order sheets; the e-mail is the Reply-To of mails to makers.
  @Optional()
  @Text(L.contactCompanyMax)
  @Printable()
  contactCompany?: string | null;

  @Optional()
  @Text(L.contactPersonMax)
  @Printable()
  contactPerson?: string | null;

  @Optional()
  @Text(L.contactPhoneMax)
  @PhoneNumber()
  contactPhone?: string | null;

  @Optional()
  @Text(L.contactPhoneMax)
  @PhoneNumber()
  contactFax?: string | null;

  // '' clears it, as for the other texts here (blankToNull).
  @Optional()
  @ValidateIf((shop: ShopBody) => shop.contactEmail !== '')
  @Email(L.contactEmailMax)
  contactEmail?: string | null;
}

export class UpdateShopBody extends ShopBody {
  @Required()
  @Version()
  version!: number;
}

export class ShopListQuery extends PageQuery {
  @Optional()
  @Text(100)
  keyword?: string;

  @Optional()
  @ManyOf(SHOP_TYPES)
  type?: ShopType[];
}
