import { MonthText, Required } from '../../common/validation/rules';
import { batchBody, oneOrderBody } from '../order-selection.dto';

export class ChangeRevenueFields {
  @Required()
  @MonthText()
  revenueMonth!: string;
}

export class ChangeRevenueBody extends oneOrderBody(ChangeRevenueFields) {}
export class ChangeRevenueBatchBody extends batchBody(ChangeRevenueFields) {}
