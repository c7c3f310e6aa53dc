import { FieldValidationError } from '../errors/domain-error';

/**
 * Customers (SPEC.md §3 and §5): limits, the katakana rule of name kana, and how e-mail addresses and
 * phone numbers are normalised so that the same person can be found under different spellings.
 */
export const CUSTOMER_LIMITS = {
  /** SPEC.md §5 gives no customer-name limit (buyer names on orders are ≤ 40); customers take 100, as company names. */
  nameMax: 100,
  nameKanaMax: 100,
  addressMax: 100,
  zipMax: 10,
  phoneMax: 15,
  faxMax: 15,
  emailMax: 100,
  ecSiteIdMax: 50,
  coreSystemCustomerIdMax: 50,
  companyNameMax: 100,
  csMemoMax: 1000,
  generalMemoMax: 1000,
  /** At most this many customers in one CSV export. */
  exportMax: 10000,
} as const;

/**
 * Full-width katakana, with the long vowel mark `ー`, the middle dot `・`, the iteration marks `ヽヾ`,
 * and half- or full-width spaces (DESIGN.md §11). Half-width katakana and hiragana are refused.
 */
const KATAKANA = /^[\u30A1-\u30FE\u3000 ]*$/;

export function isKatakana(text: string): boolean {
  return KATAKANA.test(text);
}

// Hyphens, dashes, minus signs and the long vowel mark people type in phone numbers.
const PHONE_SEPARATORS = /[-\u2010-\u2015\u2212\u30FC\uFF0D\uFF70\uFE63\u02D7()\uFF08\uFF09\s\u3000]/g;

/** Full-width digits and plus (０-９, ＋) become half-width. */
function halfWidthDigits(text: string): string {
  return text.replace(/[\uFF10-\uFF19\uFF0B]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/**
 * The phone number as compared for duplicates: full-width digits made half-width, and hyphens, other
 * dashes, parentheses and spaces removed. `03-1234-5678`, `０３－１２３４－５６７８` and `(03) 1234 5678`
 * are one number. null when nothing is left.
 */
export function normalizePhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const normal = halfWidthDigits(phone).replace(PHONE_SEPARATORS, '');
  return normal ? normal : null;
}

/** The e-mail address as compared for duplicates: trimmed and lower-cased. null when blank. */
export function normalizeEmail(email: string | null | undefined): string | null {
  const normal = email?.trim().toLowerCase();
  return normal ? normal : null;
}

/** Where a customer's e-mail must be unique: its shop (null: no shop, which counts as one) and normalised e-mail. */
export interface ShopEmail {
  readonly shopId: string | null;
  readonly emailNormalized: string | null;
}

/**
 * Whether a write must prove that no other customer of the shop has the e-mail (SPEC.md §5 "email
 * per shop"): a new customer with an e-mail, or an edit that changes the e-mail or the shop. An edit
 * that leaves both as they were is not judged again, so a pair that shared an e-mail before the rule
 * (marked by migration 1763930000000) can still be edited in its other fields.
 */
export function needsEmailCheck(before: ShopEmail | null, after: ShopEmail): boolean {
  if (!after.emailNormalized) return false;
  return !before || before.emailNormalized !== after.emailNormalized || before.shopId !== after.shopId;
}

/** The 422 refusing a second customer with a shop's e-mail: on `email`, naming the customer who has it. */
export function emailTakenError(holder: { readonly id: string; readonly name: string }): FieldValidationError {
  return new FieldValidationError([{ field: 'email', errorCode: 'unique', params: { customer_id: Number(holder.id), customer_name: holder.name } }]);
}

export interface DuplicateKeys {
  readonly id: string;
  readonly emailNormalized: string | null;
  readonly phoneNormalized: string | null;
}

/**
 * Same-person groups: customers sharing a normalised e-mail or phone number belong together, and so,
 * transitively, do their partners (A shares an e-mail with B, B a phone with C: one group). Each
 * group's id is its smallest customer id. Returns customer id → same-person id for every customer given.
 */
export function samePersonGroups(customers: readonly DuplicateKeys[]): Map<string, string> {
  const parent = new Map<string, string>(customers.map((c) => [c.id, c.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    for (let at = id; at !== root; ) {
      const next = parent.get(at)!;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  const smaller = (a: string, b: string) => (BigInt(a) < BigInt(b) ? a : b);
  const union = (a: string, b: string) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra === rb) return;
    const root = smaller(ra, rb);
    parent.set(ra, root);
    parent.set(rb, root);
  };
  const firstWith = new Map<string, string>();
  for (const c of customers) {
    for (const key of [c.emailNormalized && `e:${c.emailNormalized}`, c.phoneNormalized && `p:${c.phoneNormalized}`]) {
      if (!key) continue;
      const seen = firstWith.get(key);
      if (seen) union(seen, c.id);
      else firstWith.set(key, c.id);
    }
  }
  return new Map(customers.map((c) => [c.id, find(c.id)]));
}
