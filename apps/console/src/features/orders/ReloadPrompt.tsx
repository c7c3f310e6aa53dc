import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n';

/** NAL_ORD-193: someone else changed the order since it was read; the user reloads before acting again. */
export function ReloadPrompt({ open, onReload, onClose }: { open: boolean; onReload: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('orders.reloadPrompt.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" id="order-reload" onClick={onReload}>
          {t('orders.reloadPrompt.reload')}
        </Button>
      }
    >
      <Typography.Paragraph data-testid="reload-prompt">{errorMessage('NAL_ORD-193')}</Typography.Paragraph>
    </Modal>
  );
}
