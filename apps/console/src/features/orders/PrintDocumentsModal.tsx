import { PRINT_DOCUMENT_LIMITS } from '@oms/domain';
import { Alert, Form, Input, Modal, Radio, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, openBlankWindow } from '../../api/client';
import { applyServerErrors, clearServerErrors, fieldErrorText } from '../../common/form-errors';
import { maxLength } from '../../common/field-rules';
import { toast } from '../../common/toast';
import { errorMessage } from '../../i18n';
import { PRINT_DOCUMENT_KINDS, printDocuments, type PrintDocumentKind, type PrintDocumentResult } from './api/print-documents';

interface Values {
  kind: PrintDocumentKind;
  addressee?: string;
  proviso?: string;
}

interface Props {
  open: boolean;
  /** The orders to print, and their numbers to name them in the results. */
  orderIds: readonly string[];
  numbers: Record<string, string>;
  /** A fixed kind (the order page's receipt); else the user picks one. */
  kind?: PrintDocumentKind;
  onClose: () => void;
}

/**
 * Prints one kind of document for the selected orders (the list's batch action) or a receipt for
 * one order (its 宛名 and 但し書き asked here). The PDF of the printable ones opens in a new window;
 * when some orders could not be printed, each one's reason is listed.
 */
export function PrintDocumentsModal({ open, orderIds, numbers, kind, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [printing, setPrinting] = useState(false);
  const [results, setResults] = useState<PrintDocumentResult[] | null>(null);
  const chosen = Form.useWatch('kind', form) ?? kind;

  useEffect(() => {
    if (open) {
      setResults(null);
      form.resetFields();
    }
  }, [open, form]);

  const tooMany = orderIds.length > PRINT_DOCUMENT_LIMITS.batchMax;

  const submit = async () => {
    if (results) return onClose();
    if (tooMany) return;
    // In the click, before any await: Safari blocks a window.open made later (and the console must
    // not navigate away to the PDF instead).
    const win = openBlankWindow();
    if (!win) return toast.error(t('orders.print.popupBlocked'));
    const values = await form.validateFields().catch(() => null);
    if (!values) return win.close();
    clearServerErrors(form);
    setPrinting(true);
    try {
      const answer = await printDocuments(win, kind ?? values.kind, orderIds, { addressee: values.addressee, proviso: values.proviso });
      if (!answer.ok) {
        const { status, error } = answer;
        // Errors on the form's fields go under them; the rest (order_ids) would show nowhere: a toast.
        const elsewhere = status === 422 && error.errors.length ? applyServerErrors(form, error.errors) : null;
        if (!elsewhere) toast.error(errorMessage(error.errorCode, error.params, error.message));
        else for (const e of elsewhere) toast.error(fieldErrorText(e, (field) => (field === 'order_ids' ? t('orders.print.orderIds') : undefined)));
        return;
      }
      const refused = answer.data.results.filter((r) => !r.ok);
      if (refused.length === 0) {
        toast.success(t('orders.print.printed', { count: answer.data.results.length }));
        onClose();
      } else setResults(answer.data.results);
    } catch (err) {
      toast.error(errorMessage(err instanceof ApiError ? err.errorCode : undefined));
    } finally {
      setPrinting(false);
    }
  };

  const refused = results?.filter((r) => !r.ok).length ?? 0;
  return (
    <Modal
      open={open}
      title={kind ? t(`orders.print.kinds.${kind}`) : t('orders.print.title')}
      okText={results ? t('orders.print.close') : t('orders.print.run')}
      okButtonProps={{ id: 'print-submit', loading: printing, disabled: !results && tooMany }}
      onOk={submit}
      onCancel={onClose}
      forceRender
      data-testid="print-documents"
    >
      {results ? (
        <>
          <Alert
            type="warning"
            showIcon
            title={t('orders.print.summary', { done: results.length - refused, refused })}
            style={{ marginBottom: 16 }}
            data-testid="print-summary"
          />
          <Table<PrintDocumentResult>
            rowKey="orderId"
            size="small"
            pagination={false}
            dataSource={results}
            columns={[
              { title: t('orders.fields.orderNo'), dataIndex: 'orderId', render: (id: string) => numbers[id] ?? id },
              {
                title: t('orders.batch.result'),
                dataIndex: 'ok',
                render: (_ok: boolean, r) =>
                  r.ok ? (
                    <Tag color="success">{r.documentNo}</Tag>
                  ) : (
                    <span data-testid={`print-refused-${r.orderId}`}>
                      <Tag color="error">{t('orders.batch.refused')}</Tag>
                      {errorMessage(r.errorCode)}
                    </span>
                  ),
              },
            ]}
          />
        </>
      ) : (
        <>
          {tooMany && (
            <Alert
              type="error"
              showIcon
              title={t('orders.print.tooMany', { max: PRINT_DOCUMENT_LIMITS.batchMax, count: orderIds.length })}
              style={{ marginBottom: 16 }}
              data-testid="print-too-many"
            />
          )}
          <Form<Values> form={form} layout="vertical" initialValues={{ kind: kind ?? 'invoice' }} onValuesChange={(changed) => clearServerErrors(form, changed)}>
            {!kind && (
              <Form.Item name="kind" label={t('orders.print.kind')}>
                <Radio.Group id="print-kind" options={PRINT_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`orders.print.kinds.${k}`) }))} />
              </Form.Item>
            )}
            {chosen === 'receipt' && (
              <>
                <Form.Item name="addressee" label={t('orders.print.addressee')} extra={t('orders.print.addresseeHint')} rules={[maxLength(PRINT_DOCUMENT_LIMITS.addresseeMax)]}>
                  <Input id="print-addressee" />
                </Form.Item>
                <Form.Item name="proviso" label={t('orders.print.proviso')} extra={t('orders.print.provisoHint')} rules={[maxLength(PRINT_DOCUMENT_LIMITS.provisoMax)]}>
                  <Input id="print-proviso" />
                </Form.Item>
              </>
            )}
            <div>{t('orders.print.count', { count: orderIds.length })}</div>
          </Form>
        </>
      )}
    </Modal>
  );
}
