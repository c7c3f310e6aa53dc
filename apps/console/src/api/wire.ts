import type { components, paths } from './contract.gen';

/**
 * The console's view of the API's wire types (contract.gen.ts, generated from the API's OpenAPI
 * contract by `npm run contract`): the same types with camelCase keys, as case.ts converts answers
 * and bodies. Feature code names its types from these; no wire type is written by hand.
 */

type LowerLetter = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';

/** `product_name` → `productName`; `address_1` stays (case.ts toCamel: only `_` before a letter goes). */
export type CamelKey<Key extends string> = Key extends `${infer Head}_${infer First}${infer Rest}`
  ? Head extends ''
    ? `_${CamelKey<`${First}${Rest}`>}`
    : First extends LowerLetter
      ? `${Head}${Uppercase<First>}${CamelKey<Rest>}`
      : `${Head}_${CamelKey<`${First}${Rest}`>}`
  : Key;

/** A wire type with every key camel-cased, through arrays and nested objects (what toCamelKeys returns). */
export type Camelize<T> = T extends readonly (infer Item)[]
  ? Camelize<Item>[]
  : T extends object
    ? { [Key in keyof T as Key extends string ? CamelKey<Key> : Key]: Camelize<T[Key]> }
    : T;

type Schemas = components['schemas'];

/** A named schema of the contract, camel-cased: `Wire<'OrderView'>`. */
export type Wire<Name extends keyof Schemas> = Camelize<Schemas[Name]>;

type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O : never;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessOf<O> = O extends { responses: infer R } ? JsonOf<R[Extract<keyof R, 200 | 201 | 202>]> : never;

/** What a route answers in `data`, camel-cased: `AnswerOf<'/orders/{id}', 'get'>`. */
export type AnswerOf<P extends keyof paths, M extends Method> = Camelize<SuccessOf<Operation<P, M>>> extends { data: infer Data } ? Data : never;

/** The JSON body a route takes, camel-cased (case.ts snake-cases it on the way out). */
export type BodyOf<P extends keyof paths, M extends Method> = Operation<P, M> extends { requestBody?: infer B } ? Camelize<JsonOf<NonNullable<B>>> : never;

/** The query a route takes, camel-cased (client.ts toQueryString snake-cases the keys). */
export type QueryOf<P extends keyof paths, M extends Method> = Operation<P, M> extends { parameters: { query?: infer Q } } ? Camelize<NonNullable<Q>> : never;

/** `pagination` of a list answer. */
export type Pagination = Wire<'Pagination'>;

/** `pagination` of a list that also pages by cursor (docs/orders-api.md "Paging"): `nextCursor`, `prevCursor`. */
export type KeysetPagination = Wire<'KeysetPagination'>;

/** The error answer's `error` (DESIGN.md §4), camel-cased. */
export type WireError = Wire<'ErrorEnvelope'>['error'];

/** Some query fields of a route as a list page's URL holds them: the contract's names, values as text (the API checks them). */
export type UrlQuery<Q, Key extends keyof Q> = { [K in Key]?: NonNullable<Q[K]> extends readonly unknown[] ? string[] : string };
