import { customerInquiriesFeature } from './customer-inquiries/feature';
import { customersFeature } from './customers/feature';
import { estimatesFeature } from './estimates/feature';
import type { Feature } from './feature';
import { makerInquiriesFeature } from './maker-inquiries/feature';
import { makerSideFeature } from './maker-side/feature';
import { makersFeature } from './makers/feature';
import { ordersFeature } from './orders/feature';
import { productsFeature } from './products/feature';
import { revenuesFeature } from './revenues/feature';
import { settingsFeature } from './settings/feature';
import { usersFeature } from './users/feature';

export type { Feature } from './feature';

/**
 * Every area of the console, the one place an area registers: routes.tsx mounts their routes,
 * sections.ts makes the side menu of those with a permission (in this order: SPEC.md §1's nine
 * sections). Their texts need no line: i18n/index.ts finds every features/<area>/i18n/ folder. The sections not built yet are listed without routes.
 */
export const CONSOLE_FEATURES: readonly Feature[] = [
  ordersFeature,
  productsFeature,
  customersFeature,
  estimatesFeature,
  makersFeature,
  revenuesFeature,
  usersFeature,
  customerInquiriesFeature,
  makerInquiriesFeature,
  settingsFeature,
  makerSideFeature,
];
