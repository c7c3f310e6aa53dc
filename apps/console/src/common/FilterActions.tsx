import { Button, FormInstance, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Search and clear for a list's filter form: clear empties every filter and goes back to page 1. */
export function FilterActions({ form, onReset }: { form: FormInstance; onReset: () => void }) {
  const { t } = useTranslation();
  const clear = () => {
    const values = form.getFieldsValue() as Record<string, unknown>;
    form.setFieldsValue(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Array.isArray(value) ? [] : undefined])));
    onReset();
  };
  return (
    <Space>
      <Button type="primary" htmlType="submit" id="filter-search">
        {t('common.search')}
      </Button>
      <Button onClick={clear} id="filter-reset">
        {t('common.reset')}
      </Button>
    </Space>
  );
}
