export interface Maker {
  id: number;
  code: string;
  name: string;
  productCodes: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  address: string | null;
  orderMethod: 'fax' | 'email';
  status: 'enabled' | 'disabled';
  memo: string | null;
  updatedAt: string;
  version: number;
}

export type MakerInput = Omit<Maker, 'id' | 'updatedAt' | 'version'> & { version?: number };

export { MAKER_STATUSES, ORDER_METHODS } from '@oms/domain';
export const MAKERS_PATH = '/makers';
