import { SHOP_CONNECTION_LIMITS } from '@oms/domain';
import { ArrayMaxSize } from 'class-validator';
import { Bool, DateText, Int, Nested, Optional, Printable, Required, rule, Text } from '../common/validation/rules';

const L = SHOP_CONNECTION_LIMITS;

/** PUT /shops/{id}/connection: the import's schedule. `version` is the one read (0 before the first save). */
export class ShopConnectionBody {
  @Required()
  @Bool()
  importEnabled!: boolean;

  @Required()
  @Int(L.importIntervalMin, L.importIntervalMax)
  importIntervalMinutes!: number;

  /** Orders placed from this Japan date on are imported (the first run); default: from the first run. */
  @Optional()
  @DateText()
  importFrom?: string | null;

  @Required()
  @Int(0, 2_147_483_647)
  version!: number;
}

export class PaymentMappingBody {
  @Required()
  @Text(L.ecPaymentCodeMax)
  @Printable()
  ecPaymentCode!: string;

  @Optional()
  @Text(L.ecPaymentNameMax)
  @Printable()
  ecPaymentName?: string | null;

  /** Our payment method; null leaves the code unmapped (its orders import with an order error). */
  @Optional()
  @Int(0, 32_767)
  paymentMethodId?: number | null;
}

/** PUT /shops/{id}/connection/payment-mappings: the shop's whole table. */
export class PaymentMappingsBody {
  @Required()
  @ArrayMaxSize(200, rule('max_items', { max: 200 }))
  @Nested(() => PaymentMappingBody)
  mappings!: PaymentMappingBody[];
}

/** GET /shop-connections/oauth/callback: the platform's answer to the authorization. */
export class OAuthCallbackQuery {
  @Optional()
  @Text(500)
  code?: string;

  @Optional()
  @Text(200)
  state?: string;

  @Optional()
  @Text(200)
  error?: string;
}
