import { DELIVERY_LIMITS } from '@oms/domain';
import { PageQuery } from '../common/http/page.query';
import { Optional, Required, Text, Version } from '../common/validation/rules';
import { HttpUrl } from './settings.rules';

/** POST /delivery_methods (name ≤ 100, unique). */
export class DeliveryMethodBody {
  @Required()
  @Text(DELIVERY_LIMITS.nameMax)
  name!: string;
}

export class UpdateDeliveryMethodBody extends DeliveryMethodBody {
  @Required()
  @Version()
  version!: number;
}

/** POST /delivery_companies (name ≤ 100, unique; tracking URL template ≤ 255, http(s)). */
export class DeliveryCompanyBody {
  @Required()
  @Text(DELIVERY_LIMITS.nameMax)
  name!: string;

  @Optional()
  @Text(DELIVERY_LIMITS.trackingUrlMax)
  @HttpUrl('NAL_DELIVERY-006')
  trackingUrl?: string | null;
}

export class UpdateDeliveryCompanyBody extends DeliveryCompanyBody {
  @Required()
  @Version()
  version!: number;
}

export class DeliveryListQuery extends PageQuery {
  @Optional()
  @Text(100)
  keyword?: string;
}
