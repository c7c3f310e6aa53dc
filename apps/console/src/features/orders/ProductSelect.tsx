import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Product } from '../products/api/product';
import { PRODUCTS_PATH } from '../products/api/product';

interface Props {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Called with the product picked, for the line's defaults. */
  onPick: (product: Product) => void;
  /** The label of the product the line already has (editing), before any search. */
  initialLabel?: string;
}

const SEARCH_DELAY_MS = 300;

/** A product by code or name, searched on the server (GET /products?keyword=) as the user types. */
export function ProductSelect({ id, value, onChange, onPick, initialLabel }: Props) {
  const { t } = useTranslation();
  const [products, setProducts] = useState<Product[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setSearching(true);
      try {
        const result = await api.get<Product[]>(PRODUCTS_PATH, { query: { keyword: keyword || undefined, perPage: 20 } });
        if (result.ok) setProducts(result.data);
      } finally {
        setSearching(false);
      }
    }, SEARCH_DELAY_MS);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  const options = products.map((p) => ({ value: String(p.id), label: `${p.productCode} ${p.productName}` }));
  if (value && initialLabel && !options.some((o) => o.value === value)) options.unshift({ value, label: initialLabel });

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      value={value ?? undefined}
      placeholder={t('orders.form.productSearch')}
      notFoundContent={searching ? t('common.loading') : undefined}
      loading={searching}
      onFocus={() => !products.length && search('')}
      onChange={(next?: string) => {
        onChange?.(next ?? null);
        const product = products.find((p) => String(p.id) === next);
        if (product) onPick(product);
      }}
      options={options}
      style={{ width: '100%' }}
    />
  );
}
