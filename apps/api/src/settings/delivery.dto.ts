import { DELIVERY_LIMITS } from '@oms/domain';
import { PageQuery } from '../common/http/page.query';
import { Optional, Required, Text, Version } from '../common/validation/rules';
import { HttpUrl, TrackingUrlTemplate } from './settings.rules';

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

/** POST /delivery_companies (name ≤ 100, unique; tracking URL template ≤ 255, http(s), with `{code}`). */
export class DeliveryCompanyBody {
  @Required()
  @Text(DELIVERY_LIMITS.nameMax)
  name!: string;

  @Optional()
  @Text(DELIVERY_LIMITS.trackingUrlMax)
  // Listed first, checked last: a URL that is not http(s) is answered as such (006) before its placeholder (007).
  @TrackingUrlTemplate()
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
