/**
 * A delivery company's tracking link, from the domain itself (libs/domain, pure TypeScript, like
 * the line statuses): the console links the code exactly as the buyer's shipment notice does.
 */
export { trackingLink } from '../../../../../libs/domain/src/customer-mails/tracking-link';
