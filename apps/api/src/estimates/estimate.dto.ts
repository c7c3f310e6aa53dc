import { ESTIMATE_ANSWERS, ESTIMATE_LIMITS as L, EstimateAnswer, FEE_KINDS, FeeKind, MONEY_LIMITS } from '@oms/domain';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsDefined, ValidateIf } from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { Bool, Id, Int, Money, Nested, OneOf, OneOfNumbers, Optional, PhoneNumber, Postcode, Printable, Required, rule, Text, TextItems, Version } from '../common/validation/rules';

/** One line of a quotation (SPEC.md §3 details[]). */
export class EstimateDetailBody {
  @Optional()
  @Text(L.ecProductCodeMax)
  ecProductCode?: string | null;

  @Required()
  @Text(L.productNameMax)
  @Printable()
  productName!: string;

  @IsDefined(rule('required'))
  @Int(L.taxPercentMin, L.taxPercentMax)
  taxPercentage!: number;

  @Optional()
  @Text(L.optionDetailMax)
  optionDetail?: string | null;

  @IsDefined(rule('required'))
  @Money(MONEY_LIMITS.priceMax)
  priceWithTax!: number;

  @IsDefined(rule('required'))
  @Int(L.amountMin, L.amountMax)
  amount!: number;

  @Optional()
  @Text(L.unitMax)
  unit?: string | null;
}

/** A fee's kind (1–5) and value come together: one given without the other answers `required` on the missing one. */
const FeePart = (fee: 'fee1' | 'fee2', part: 'kind' | 'value') =>
  applyDecorators(
    ValidateIf((body: Record<string, unknown>) => (body[`${fee}Id`] ?? null) !== null || (body[`${fee}Value`] ?? null) !== null),
    // Required (not IsDefined): the contract then reads the pair as optional and nullable, as it is.
    Required(),
    part === 'kind' ? OneOfNumbers(FEE_KINDS) : Money(MONEY_LIMITS.feeMax),
  );

/** POST /customers/estimates and the fields PUT /customers/estimates/{id} changes. */
export class EstimateFields {
  /** Left out or blank on create: the next number (E-<date>-<n>). */
  @Optional()
  @Text(L.estimateNoMax)
  @Printable()
  estimateNo?: string | null;

  @Optional()
  @Text(L.personInChargeMax)
  @Printable()
  personInCharge?: string | null;

  @Optional()
  @Text(L.deliveryLocationMax)
  @Printable()
  deliveryLocation?: string | null;

  @Optional()
  @Text(L.faxNumberMax)
  @PhoneNumber()
  faxNumber?: string | null;

  @Optional()
  @Text(L.zipMax)
  @Postcode()
  zip?: string | null;

  @Optional()
  @Int(0, 32767)
  estimatePaymentId?: number | null;

  @Nested(() => EstimateDetailBody)
  @ArrayMaxSize(L.detailsMax, rule('max', { max: L.detailsMax }))
  @ArrayNotEmpty(rule('required'))
  @IsArray(rule('required'))
  details!: EstimateDetailBody[];

  @FeePart('fee1', 'kind')
  fee1Id?: FeeKind | null;

  @FeePart('fee1', 'value')
  fee1Value?: number | null;

  @FeePart('fee2', 'kind')
  fee2Id?: FeeKind | null;

  @FeePart('fee2', 'value')
  fee2Value?: number | null;

  @Optional()
  @TextItems(L.noteMax)
  @ArrayMaxSize(L.estimateNotesMax, rule('max', { max: L.estimateNotesMax }))
  @IsArray(rule('invalid'))
  estimateNotes?: string[] | null;

  @Optional()
  @Text(L.noteMax)
  note?: string | null;
}

export class CreateEstimateBody extends EstimateFields {
  @Required()
  @Id()
  customerId!: number;
}

export class UpdateEstimateBody extends EstimateFields {
  @Required()
  @Version()
  version!: number;
}

/** PUT /customers/estimates/{id}/request-approve: the two flags of SPEC.md §4. */
export class RequestApproveBody {
  @Required()
  @Version()
  version!: number;

  @IsDefined(rule('required'))
  @Bool()
  approve!: boolean;

  @IsDefined(rule('required'))
  @Bool()
  stamp!: boolean;
}

/**
 * PUT /customers/estimates/approve: an answer to a waiting estimate — approve or reject (an approver),
 * stamp or return for edit (a stamper) — from the console, or through a mailed link (`link_token`
 * instead of the bearer token).
 */
export class AnswerEstimateBody {
  @Required()
  @Id()
  id!: number;

  @Required()
  @Version()
  version!: number;

  @Required()
  @OneOf(ESTIMATE_ANSWERS)
  action!: EstimateAnswer;

  /** The reason: required to reject or return for edit. */
  @Optional()
  @Text(L.commentMax)
  comment?: string | null;

  @Optional()
  @Text(64)
  linkToken?: string | null;
}

/** PUT /customers/estimates/{estimateId}/upload: the file the browser PUT to its presigned URL. */
export class AttachEstimateFileBody {
  @Required()
  @Version()
  version!: number;

  @Required()
  @Text(L.originalFileNameMax)
  @Printable()
  originalFileName!: string;

  @Required()
  @Text(1024)
  s3Path!: string;
}

export class EstimateVersionQuery {
  @Required()
  @Version()
  version!: number;
}

export class EstimateIdParam {
  @Required()
  @Id()
  id!: number;
}

export class EstimateFileParam {
  @Required()
  @Id()
  estimateId!: number;
}

/** GET /customers/estimates/check: an approval link's token. */
export class ApprovalLinkQuery {
  @Required()
  @Text(64)
  linkToken!: string;
}

/**
 * GET /customers/estimates/download: an estimate's PDF, its current revision or an earlier one as it
 * was issued; with the media token (`token`) or an approval link's (`link_token`, its own estimate only).
 */
export class EstimateDownloadQuery {
  @Optional()
  @Id()
  id?: number;

  @Optional()
  @Int(1, 32767)
  revision?: number;

  @Optional()
  @Text(1000)
  token?: string;

  @Optional()
  @Text(64)
  linkToken?: string;
}

/** GET /customers/estimates/download-file: the uploaded file of an estimate, with the media token. */
export class EstimateFileDownloadQuery {
  @Required()
  @Id()
  id!: number;

  @Optional()
  @Text(1000)
  token?: string;
}
