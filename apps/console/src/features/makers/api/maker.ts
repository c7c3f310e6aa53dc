import type { BodyOf, Wire } from '../../../api/wire';

/** A maker as the API answers it. */
export type Maker = Wire<'MakerView'>;

/** What the maker form sends (POST /makers; PUT /makers/{id} with the version read). */
export type MakerInput = BodyOf<'/makers', 'post'> & Partial<Pick<BodyOf<'/makers/{id}', 'put'>, 'version'>>;

export { MAKER_STATUSES, ORDER_METHODS } from '@oms/domain';
export const MAKERS_PATH = '/makers';
