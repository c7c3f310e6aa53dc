/**
 * The bounds of money, in integer yen (SPEC.md §5: "money fields | integer, min 0, max 99999999
 * (some 9999999)"). One table for the API's rules, the CSV import and the console's forms.
 */
export const MONEY_LIMITS = {
  min: 0,
  /**
   * A fee: an order's settlement, shipping and other fee, its `fee` and refund fee, a line's shipping
   * fee paid to the maker, the fees given to return, refund and cancel, and an estimate's fee 1 and
   * fee 2. Fees are the "some 9999999": ten million yen is no fee but a typing mistake.
   */
  feeMax: 9_999_999,
  /** A price: a product's price and wholesale price, an order line's price with tax and wholesale price. */
  priceMax: 99_999_999,
  /**
   * An order's total (its lines' prices × amounts, with its fees), and amounts compared with it (a
   * shop's deferred-payment limit). An order whose total would pass it is refused (NAL_ORD-106).
   */
  totalMax: 99_999_999,
} as const;
