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

  /** Orders placed from this Japan date on are imported; default: from the day of the first run. Another date reads again from it. */
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

/** The platform's answer to an authorization (GET /shop-connections/oauth/callback): its text parameters, each at most 500 characters; anything else is not there. */
export function oauthAnswer(query: unknown): { code?: string; state?: string; error?: string } {
  const given = (query ?? {}) as Record<string, unknown>;
  const text = (name: string) => {
    const value = Object.prototype.hasOwnProperty.call(given, name) ? given[name] : undefined;
    return typeof value === 'string' && value.length > 0 && value.length <= 500 ? value : undefined;
  };
  return { code: text('code'), state: text('state'), error: text('error') };
}
