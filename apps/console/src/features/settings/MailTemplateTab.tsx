import { Alert, Button, Card, Descriptions, Form, Input, Space, Spin, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countOf, maxLength } from '../../common/field-rules';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { errorMessage, formatDate } from '../../i18n';
import { MAIL_TEMPLATE_LIMITS, MailPreview, MailTemplate, previewMailTemplate, saveMailTemplate, useMailTemplates } from './mail-templates';
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

  /** Where the cursor was in the subject or the body when it last left one (the placeholder buttons keep focus where it is, too). */
  const caret = useRef<{ field: 'subject' | 'body'; at: number } | null>(null);
  const remember = (field: 'subject' | 'body') => (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    caret.current = { field, at: e.currentTarget.selectionStart ?? 0 };
  };

  /** Puts `{{name}}` where the cursor is in the subject or body (at the end of the body when neither had it). */
  const insert = (name: string) => {
    const subjectInput = document.getElementById(id('subject')) as HTMLInputElement | null;
    const bodyArea = body.current?.resizableTextArea?.textArea ?? null;
    // The buttons keep focus where it was: the focused field's cursor, else where the cursor last was.
    const focused = document.activeElement === subjectInput ? subjectInput : document.activeElement === bodyArea ? bodyArea : null;
    const field = focused ? (focused === subjectInput ? 'subject' : 'body') : (caret.current?.field ?? 'body');
    const text: string = form.getFieldValue(field) ?? '';
    const at = Math.min(focused?.selectionStart ?? caret.current?.at ?? text.length, text.length);
    // A selected text is replaced, as typing would.
    const to = Math.max(at, Math.min(focused?.selectionEnd ?? at, text.length));
    const token = `{{${name}}}`;
    form.setFieldsValue({ [field]: `${text.slice(0, at)}${token}${text.slice(to)}` });
    caret.current = { field, at: at + token.length };
    clearServerErrors(form, { [field]: true });
    // The preview was of the text before: it no longer says what will be sent.
    setPreview(null);
    const element = field === 'body' ? bodyArea : subjectInput;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(at + token.length, at + token.length);
    });
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
        <Form.Item name="subject" label={t('mailTemplates.subject')} required rules={[maxLength(MAIL_TEMPLATE_LIMITS.subjectMax)]}>
          <Input id={id('subject')} count={countOf(MAIL_TEMPLATE_LIMITS.subjectMax)} disabled={!canWrite} onSelect={remember('subject')} onBlur={remember('subject')} />
        </Form.Item>
        <Form.Item label={t('mailTemplates.placeholders')} extra={canWrite ? t('mailTemplates.placeholdersHelp') : undefined}>
          <Space size={[4, 8]} wrap>
            {template.placeholders.map((name) => (
              <Button
                key={name}
                size="small"
                disabled={!canWrite}
                // Clicking keeps the cursor in the text it is inserted into.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => insert(name)}
                data-testid={`placeholder-${name}`}
              >
                {`{{${name}}}`} {t(`mailTemplates.placeholder.${name}`, { defaultValue: '' })}
              </Button>
            ))}
          </Space>
        </Form.Item>
        <Form.Item name="body" label={t('mailTemplates.body')} required rules={[maxLength(MAIL_TEMPLATE_LIMITS.bodyMax)]}>
          <Input.TextArea
            id={id('body')}
            ref={body}
            rows={16}
            count={countOf(MAIL_TEMPLATE_LIMITS.bodyMax)}
            disabled={!canWrite}
            onSelect={remember('body')}
            onBlur={remember('body')}
            style={{ fontFamily: 'monospace' }}
          />
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
