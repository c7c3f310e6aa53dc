import { Alert, Button, Card, Descriptions, Form, Input, Space, Spin, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { errorMessage, formatDate } from '../../i18n';
import { MailPreview, MailTemplate, previewMailTemplate, saveMailTemplate, useMailTemplates } from './mail-templates';
import { useSettingsSave } from './use-settings-save';

type Values = { subject: string; body: string; version: number };

/** One template: subject and body with placeholders, a preview with a sample order, save with its version. */
function MailTemplateForm({ template, canWrite }: { template: MailTemplate; canWrite: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const body = useRef<TextAreaRef>(null);
  const { onFinish, saving, refusal, setRefusal } = useSettingsSave(form, (values: Values) => saveMailTemplate(template.key, values));
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const id = (name: string) => `mail-template-${template.key}-${name}`;

  /** Puts `{{name}}` in the body where the cursor is (at the end when the body has no focus yet). */
  const insert = (name: string) => {
    const text: string = form.getFieldValue('body') ?? '';
    const area = body.current?.resizableTextArea?.textArea;
    const at = area && document.activeElement === area ? area.selectionStart : text.length;
    form.setFieldsValue({ body: `${text.slice(0, at)}{{${name}}}${text.slice(at)}` });
    clearServerErrors(form, { body: true });
  };

  const showPreview = async () => {
    setPreviewing(true);
    setRefusal(null);
    clearServerErrors(form);
    try {
      const result = await previewMailTemplate(template.key, { subject: form.getFieldValue('subject') ?? '', body: form.getFieldValue('body') ?? '' });
      if (result.ok) setPreview(result.data);
      else if (result.status === 422 && result.error.errors.length) applyServerErrors(form, result.error.errors);
      else setRefusal(errorMessage(result.error.errorCode, undefined, result.error.message));
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <Card size="small" title={t(`mailTemplates.keys.${template.key}`, { defaultValue: template.key })} data-testid={`mail-template-${template.key}`}>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        id={id('form')}
        layout="vertical"
        initialValues={{ subject: template.subject, body: template.body, version: template.version }}
        onFinish={onFinish}
        onValuesChange={(changed) => {
          clearServerErrors(form, changed);
          setPreview(null);
        }}
      >
        <Form.Item name="version" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="subject" label={t('mailTemplates.subject')} required>
          <Input id={id('subject')} maxLength={200} showCount disabled={!canWrite} />
        </Form.Item>
        <Form.Item label={t('mailTemplates.placeholders')} extra={canWrite ? t('mailTemplates.placeholdersHelp') : undefined}>
          <Space size={[4, 8]} wrap>
            {template.placeholders.map((name) => (
              <Tag.CheckableTag key={name} checked={false} onChange={() => canWrite && insert(name)} data-testid={`placeholder-${name}`}>
                {`{{${name}}}`} {t(`mailTemplates.placeholder.${name}`, { defaultValue: '' })}
              </Tag.CheckableTag>
            ))}
          </Space>
        </Form.Item>
        <Form.Item name="body" label={t('mailTemplates.body')} required>
          <Input.TextArea id={id('body')} ref={body} rows={16} maxLength={5000} showCount disabled={!canWrite} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Space>
          <Button onClick={showPreview} loading={previewing} id={id('preview')}>
            {t('mailTemplates.preview')}
          </Button>
          {canWrite && (
            <Button type="primary" htmlType="submit" loading={saving} id={id('save')}>
              {t('common.save')}
            </Button>
          )}
          {template.updatedByName && (
            <Typography.Text type="secondary">{t('mailTemplates.updated', { date: formatDate(template.updatedAt, true), name: template.updatedByName })}</Typography.Text>
          )}
        </Space>
      </Form>
      {preview && (
        <Card size="small" type="inner" title={t('mailTemplates.previewTitle')} style={{ marginTop: 16 }} data-testid={id('preview-result')}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('mailTemplates.subject')}>
              <span data-testid={id('preview-subject')}>{preview.subject}</span>
            </Descriptions.Item>
          </Descriptions>
          <pre data-testid={id('preview-text')} style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}>
            {preview.text}
          </pre>
        </Card>
      )}
    </Card>
  );
}

/** Settings → mail: the templates of the mails to customers (the shipment notice). */
export function MailTemplateTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { templates, isLoading } = useMailTemplates();
  if (isLoading) return <Spin />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('mailTemplates.description')}
      </Typography.Paragraph>
      {templates.map((template) => (
        <MailTemplateForm key={`${template.key}-${template.version}`} template={template} canWrite={canWrite} />
      ))}
    </Space>
  );
}
