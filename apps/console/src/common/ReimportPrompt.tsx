import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../api/field-errors';
import { reimportMessage } from './reimport-refusal';

/**
 * "This file was imported on … by …": shown when an upload (or its apply) was refused as imported
 * before, with "Import again", which sends it again confirmed, and "Cancel".
 */
export function ReimportPrompt(props: { refusal: FieldError; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="reimport-prompt"
      style={{ marginBottom: 16 }}
      title={t('uploads.reimportTitle')}
      description={
        <Space orientation="vertical">
          <span>{reimportMessage(props.refusal)}</span>
          <span>{t('uploads.reimportHelp')}</span>
          <Space>
            <Button type="primary" loading={props.busy} onClick={props.onConfirm} id="reimport-confirm">
              {t('uploads.importAgain')}
            </Button>
            <Button disabled={props.busy} onClick={props.onCancel} id="reimport-cancel">
              {t('common.cancel')}
            </Button>
          </Space>
        </Space>
      }
    />
  );
}
