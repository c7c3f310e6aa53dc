import { PrinterOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, openBlankWindow } from '../../api/client';
import { toast } from '../../common/toast';
import { errorMessage } from '../../i18n';
import { PRINT_DOCUMENT_KINDS, printDocuments, type PrintDocumentKind } from './api/print-documents';
import { PrintDocumentsModal } from './PrintDocumentsModal';

/**
 * The order page's print menu: invoice, receipt (its addressee and 但し書き asked first), delivery
 * note and delivery request. The PDF opens in a new window; a refusal is a toast with its reason.
 */
export function PrintMenu({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const { t } = useTranslation();
  const [receiptOpen, setReceiptOpen] = useState(false);

  const print = async (kind: PrintDocumentKind) => {
    if (kind === 'receipt') return setReceiptOpen(true);
    // In the click, before any await (Safari's pop-up rule).
    const win = openBlankWindow();
    if (!win) return toast.error(t('orders.print.popupBlocked'));
    try {
      const answer = await printDocuments(win, kind, [orderId]);
      if (!answer.ok) return toast.error(errorMessage(answer.error.errorCode, answer.error.params, answer.error.message));
      const [result] = answer.data.results;
      if (result && !result.ok) toast.error(errorMessage(result.errorCode));
    } catch (err) {
      toast.error(errorMessage(err instanceof ApiError ? err.errorCode : undefined));
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: PRINT_DOCUMENT_KINDS.map((kind) => ({ key: kind, label: <span id={`print-${kind}`}>{t(`orders.print.kinds.${kind}`)}</span> })),
          onClick: ({ key }) => void print(key as PrintDocumentKind),
        }}
      >
        <Button icon={<PrinterOutlined />} id="order-print">
          {t('orders.print.open')}
        </Button>
      </Dropdown>
      <PrintDocumentsModal open={receiptOpen} kind="receipt" orderIds={[orderId]} numbers={{ [orderId]: orderNumber }} onClose={() => setReceiptOpen(false)} />
    </>
  );
}
