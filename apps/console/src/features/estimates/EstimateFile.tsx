import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Progress, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../common/toast';
import type { Estimate } from './api/estimate';
import { openEstimateFile, removeEstimateFile, uploadEstimateFile } from './api/save-estimate';
import { refusalOf } from './EstimateActions';

/** The estimate's attached file (SPEC.md §4: a file sets specialFlow 1): upload with progress, open, remove. */
export function EstimateFile({ estimate, canEdit }: { estimate: Estimate; canEdit: boolean }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File) => {
    setProgress(0);
    try {
      const outcome = await uploadEstimateFile(estimate, file, setProgress);
      if (outcome.ok) toast.success(t('estimates.uploaded'));
      else if (outcome.status === 'too_large') toast.error(t('estimates.fileTooLarge', { max: Math.floor(outcome.maxBytes / 1024 / 1024) }));
      else if (outcome.status === 'storage') toast.error(t('estimates.uploadFailed', { code: outcome.code || '—' }));
      else toast.error(refusalOf(outcome));
    } finally {
      setProgress(null);
    }
  };

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
          <Upload
            showUploadList={false}
            disabled={progress !== null}
            beforeUpload={(file) => {
              void upload(file);
              return false; // we send it ourselves, to the presigned URL
            }}
          >
            <Button icon={<UploadOutlined />} id="estimate-file-upload" disabled={progress !== null}>
              {t('estimates.upload')}
            </Button>
          </Upload>
        )}
        {progress !== null && <Progress percent={progress} size="small" data-testid="estimate-upload-progress" />}
      </Space>
    </Card>
  );
}
