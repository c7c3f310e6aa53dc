import { UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadOutcome } from '../api/media-upload';
import { errorMessage } from '../i18n';
import { refusalOf } from './refusal';
import { toast } from './toast';

/**
 * A button that uploads one file through `upload` (uploadMedia with the area's claim), with a progress
 * bar while it goes, a toast when it is done, and the refusal's message otherwise.
 */
export function UploadButton<T>({ id, label, accept, done, upload }: { id: string; label: string; accept?: string; done: string; upload: (file: File, onProgress: (percent: number) => void) => Promise<UploadOutcome<T>> }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (file: File) => {
    setProgress(0);
    try {
      const outcome = await upload(file, setProgress);
      if (outcome.ok) toast.success(done);
      else if (outcome.status === 'handled') return;
      else if (outcome.status === 'too_large') toast.error(t('common.upload.tooLarge', { max: Math.floor(outcome.maxBytes / 1024 / 1024) }));
      else if (outcome.status === 'storage') toast.error(outcome.errorCode ? errorMessage(outcome.errorCode) : t('common.upload.failed', { code: outcome.code || '—' }));
      else toast.error(refusalOf(outcome));
    } catch {
      // No answer, or one the client routes elsewhere (signed out): the button does not stay stuck.
      toast.error(t('common.upload.failed', { code: '—' }));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload
        showUploadList={false}
        accept={accept}
        disabled={progress !== null}
        beforeUpload={(file) => {
          void send(file);
          return false; // sent by uploadMedia, to the presigned URL
        }}
      >
        <Button icon={<UploadOutlined />} id={id} disabled={progress !== null}>
          {label}
        </Button>
      </Upload>
      {progress !== null && <Progress percent={progress} size="small" data-testid={`${id}-progress`} />}
    </Space>
  );
}
