import { Foundation1763700000000 } from './1763700000000-foundation';
import { Makers1763800000000 } from './1763800000000-makers';
import { Settings1763810000000 } from './1763810000000-settings';
import { Products1763820000000 } from './1763820000000-products';
import { Customers1763830000000 } from './1763830000000-customers';
import { Orders1763840000000 } from './1763840000000-orders';
import { OutboxByType1763850000000 } from './1763850000000-outbox-by-type';
import { MakersSide1763860000000 } from './1763860000000-makers-side';
import { AccountSecurity1763870000000 } from './1763870000000-account-security';
import { ProductImports1763880000000 } from './1763880000000-product-imports';
import { MakersScopeAndShopContact1763890000000 } from './1763890000000-makers-scope-and-shop-contact';
import { ShipmentMails1763900000000 } from './1763900000000-shipment-mails';
import { PreferredPeriodCodes1763910000000 } from './1763910000000-preferred-period-codes';
import { ImportedFiles1763920000000 } from './1763920000000-imported-files';
import { CustomerEmailPerShop1763930000000 } from './1763930000000-customer-email-per-shop';
import { OrderLinesByProduct1763950000000 } from './1763950000000-order-lines-by-product';
import { EventRetention1763960000000 } from './1763960000000-event-retention';
import { IdempotencyKeys1763980000000 } from './1763980000000-idempotency-keys';
import { CustomerListSorts1763990000000 } from './1763990000000-customer-list-sorts';
import { Estimates1764000000000 } from './1764000000000-estimates';
import { Deposits1764010000000 } from './1764010000000-deposits';
import { DepositPayerKeys1764010000001 } from './1764010000001-deposit-payer-keys';
import { DepositUnpaidByCustomer1764010000002 } from './1764010000002-deposit-unpaid-by-customer';
import { Revenues1764020000000 } from './1764020000000-revenues';
import { PrintDocuments1764020000001 } from './1764020000001-print-documents';
import { Conversations1764030000000 } from './1764030000000-conversations';
import { CustomerInquiries1764040000000 } from './1764040000000-customer-inquiries';
import { ShopPlatforms1764050000000 } from './1764050000000-shop-platforms';
import { RevenuesMonthShop1764020000002 } from './1764020000002-revenues-month-shop';

/** Every migration, in order. The data source runs exactly these; nothing is ever synchronised. */
export const MIGRATIONS = [
  Foundation1763700000000,
  Makers1763800000000,
  Settings1763810000000,
  Products1763820000000,
  Customers1763830000000,
  Orders1763840000000,
  OutboxByType1763850000000,
  MakersSide1763860000000,
  AccountSecurity1763870000000,
  ProductImports1763880000000,
  MakersScopeAndShopContact1763890000000,
  ShipmentMails1763900000000,
  PreferredPeriodCodes1763910000000,
  ImportedFiles1763920000000,
  CustomerEmailPerShop1763930000000,
  OrderLinesByProduct1763950000000,
  EventRetention1763960000000,
  IdempotencyKeys1763980000000,
  CustomerListSorts1763990000000,
  Estimates1764000000000,
  Deposits1764010000000,
  DepositPayerKeys1764010000001,
  DepositUnpaidByCustomer1764010000002,
  Revenues1764020000000,
  PrintDocuments1764020000001,
  RevenuesMonthShop1764020000002,
  Conversations1764030000000,
  CustomerInquiries1764040000000,
  ShopPlatforms1764050000000,
];
