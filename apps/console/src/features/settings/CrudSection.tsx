import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../common/toast';
import { remove, save, useList } from './api';
import { EditDialog } from './EditDialog';

interface Props<T extends { id: number; version: number }> {
  id: string;
  path: string;
  title: string;
  createTitle: string;
  editTitle: string;
  canWrite: boolean;
  columns: TableColumnsType<T>;
  /** The dialog's fields. */
  fields: ReactNode;
  /** Form values of a row, and the body of form values. */
  toForm?: (row: T) => object;
  toBody?: (values: Record<string, unknown>) => object;
  rowLabel: (row: T) => string;
}

/** A list with new/edit dialogs and delete; the list reloads after every change. */
export function CrudSection<T extends { id: number; version: number }>(props: Props<T>) {
  const { t } = useTranslation();
  const { rows, isLoading } = useList<T>(props.path);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const row = editing === 'new' ? undefined : (editing ?? undefined);

  return (
    <Card
      title={props.title}
      size="small"
      extra={
        props.canWrite && (
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')} id={`${props.id}-create`}>
            {t('common.create')}
          </Button>
        )
      }
    >
      <Table<T>
        rowKey="id"
        id={`${props.id}-table`}
        size="small"
        loading={isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('settings.empty') }}
        columns={[
          ...props.columns,
          ...(props.canWrite
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 160,
                  render: (_: unknown, r: T) => (
                    <Space>
                      <Button size="small" onClick={() => setEditing(r)} data-testid={`${props.id}-edit-${props.rowLabel(r)}`}>
                        {t('common.edit')}
                      </Button>
                      <Popconfirm
                        title={t('settings.confirmDelete')}
                        onConfirm={async () => {
                          if ((await remove(props.path, r.id)).ok) toast.success(t('settings.deleted'));
                        }}
                      >
                        <Button size="small" danger data-testid={`${props.id}-delete-${props.rowLabel(r)}`}>
                          {t('common.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <EditDialog<Record<string, unknown>>
          id={`${props.id}-form`}
          title={row ? props.editTitle : props.createTitle}
          initialValues={row ? ((props.toForm?.(row) ?? row) as Record<string, unknown>) : {}}
          onClose={() => setEditing(null)}
          submit={(values) => save(props.path, row?.id, props.toBody ? props.toBody(values) : values)}
        >
          {row && (
            <Form.Item name="version" hidden>
              <Input />
            </Form.Item>
          )}
          {props.fields}
        </EditDialog>
      )}
    </Card>
  );
}
