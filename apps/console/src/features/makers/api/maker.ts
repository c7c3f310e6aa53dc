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

export const ORDER_METHODS = ['fax', 'email'] as const;
export const MAKER_STATUSES = ['enabled', 'disabled'] as const;
export const MAKERS_PATH = '/makers';
