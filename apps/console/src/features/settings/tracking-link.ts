/**
 * A delivery company's tracking link, from the domain package itself (`@oms/domain`, pure TypeScript, like
 * the line statuses): the console links the code exactly as the buyer's shipment notice does.
 */
export { trackingLink } from '@oms/domain';
