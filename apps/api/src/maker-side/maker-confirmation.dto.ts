import { MakerAnswer, ORDER_LIMITS } from '@oms/domain';
import { DateText } from '../common/validation/rules';
import { Id, Int, OneOf, Optional, Required, Text, Version } from '../common/validation/rules';

export const MAKER_ANSWERS: readonly MakerAnswer[] = ['accept', 'undecided', 'refuse'];

/** A maker's answer through the confirmation link. */
export class MakerAnswerBody {
  @Required()
  @Version()
  version!: number;

  @Required()
  @OneOf(MAKER_ANSWERS)
  answer!: MakerAnswer;

  @Optional()
  @DateText()
  estimatedShipDate?: DateText | null;

  @Optional()
  @Text(ORDER_LIMITS.refusalReason)
  refusalReason?: string | null;
}

/** A changed estimated ship date through the link, after answering. */
export class MakerShipDateBody {
  @Required()
  @Version()
  version!: number;

  @Required()
  @DateText()
  estimatedShipDate!: DateText;
}

export class TokenParam {
  @Required()
  @Text(100)
  token!: string;
}


export class RequestOrderSheetBody {
  @Required()
  @Id()
  makerId!: number;

  @Required()
  @Version()
  version!: number;
}

export class DownloadOrderSheetQuery {
  @Required()
  @Id()
  makerId!: number;

  @Optional()
  @OneOf(['pdf', 'csv'])
  fileType?: 'pdf' | 'csv';

  @Optional()
  @Int(1, 100000)
  revision?: number;

  @Optional()
  @Text(2000)
  token?: string;
}
