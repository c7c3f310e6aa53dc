import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../common/toast';
import { UploadButton } from '../../common/UploadButton';
import type { Estimate } from './api/estimate';
import { openEstimateFile, removeEstimateFile, uploadEstimateFile } from './api/save-estimate';
import { refusalOf } from '../../common/refusal';

/** The estimate's attached file (SPEC.md §4: a file sets specialFlow 1): upload with progress, open, remove. */
export function EstimateFile({ estimate, canEdit }: { estimate: Estimate; canEdit: boolean }) {
  const { t } = useTranslation();

  return (
    <Card title={t('estimates.file')} size="small" data-testid="estimate-file">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {estimate.originalFileName ? (
          <Space>
            <Button type="link" icon={<PaperClipOutlined />} onClick={() => void openEstimateFile(estimate.id)} id="estimate-file-open" data-testid="estimate-file-name">
              {estimate.originalFileName}
            </Button>
            {canEdit && (
              <Popconfirm
                title={t('estimates.removeFileConfirm')}
                okButtonProps={{ id: 'estimate-file-remove-ok' }}
                onConfirm={async () => {
                  const result = await removeEstimateFile(estimate.id, estimate.version);
                  if (result.ok) toast.success(t('estimates.fileRemoved'));
                  else toast.error(refusalOf(result));
                }}
              >
                <Button danger size="small" icon={<DeleteOutlined />} id="estimate-file-remove">
                  {t('estimates.removeFile')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('estimates.noFile')}</Typography.Text>
        )}
        {canEdit && (
          <UploadButton id="estimate-file-upload" label={t('estimates.upload')} done={t('estimates.uploaded')} upload={(file, onProgress) => uploadEstimateFile(estimate, file, onProgress)} />
        )}
      </Space>
    </Card>
  );
}
