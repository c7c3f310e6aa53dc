import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { MailTemplateTab } from './MailTemplateTab';

const server = useMockServer();

const template = (version: number, subject = '発送のお知らせ {{order_no}}') => ({
  key: 'shipment_notice',
  subject,
  body: '{{buyer_name}} 様',
  placeholders: ['order_no', 'buyer_name', 'tracking_url'],
  updated_at: '2026-11-20T01:00:00Z',
  updated_by_name: null,
  version,
});

beforeEach(() => {
  setLanguage('ja');
  saveSession('token', 900);
  server.use(http.get('/api/v1/settings/mail_templates', () => HttpResponse.json({ data: [template(3)] })));
});

const renderTab = (canWrite = true) => renderRoutes('/settings', { '/settings': <MailTemplateTab canWrite={canWrite} /> });
const subject = () => document.querySelector<HTMLInputElement>('#mail-template-shipment_notice-subject')!;
const body = () => document.querySelector<HTMLTextAreaElement>('#mail-template-shipment_notice-body')!;

describe('settings: the shipment notice template', () => {
  it('previews what was typed, rendered by the API, and inserts a placeholder on click', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/v1/settings/mail_templates/shipment_notice/preview', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: { subject: '発送のお知らせ 20261120-0001234', text: '山田 太郎 様\nhttps://t.example/123' } });
      }),
    );
    renderTab();
    await waitFor(() => expect(body().value).toBe('{{buyer_name}} 様'));
    const user = userEvent.setup();
    await user.click(screen.getByTestId('placeholder-tracking_url'));
    expect(body().value).toBe('{{buyer_name}} 様{{tracking_url}}');
    await user.click(document.querySelector('#mail-template-shipment_notice-preview')!);
    await waitFor(() => expect(screen.getByTestId('mail-template-shipment_notice-preview-text').textContent).toBe('山田 太郎 様\nhttps://t.example/123'));
    expect(sent).toEqual({ subject: '発送のお知らせ {{order_no}}', body: '{{buyer_name}} 様{{tracking_url}}' });
  });

  it('inserts a placeholder where the cursor is, in the subject or the body', async () => {
    renderTab();
    await waitFor(() => expect(body().value).toBe('{{buyer_name}} 様'));
    const user = userEvent.setup();
    // The cursor at the start of the body.
    await user.click(body());
    body().setSelectionRange(0, 0);
    fireEvent.select(body());
    await user.click(screen.getByTestId('placeholder-order_no'));
    expect(body().value).toBe('{{order_no}}{{buyer_name}} 様');
    // …then after 発送のお知らせ in the subject.
    await user.click(subject());
    subject().setSelectionRange(7, 7);
    fireEvent.select(subject());
    await user.click(screen.getByTestId('placeholder-buyer_name'));
    expect(subject().value).toBe('発送のお知らせ{{buyer_name}} {{order_no}}');
  });

  it('shows an unknown placeholder under its field (422), and a stale version above the form (400)', async () => {
    let answer: 'unknown' | 'stale' = 'unknown';
    let saved: unknown;
    server.use(
      http.put('/api/v1/settings/mail_templates/shipment_notice', async ({ request }) => {
        saved = await request.json();
        return answer === 'unknown'
          ? HttpResponse.json(
              { error: { error_code: 'NAL-422', message: 'invalid', errors: [{ field: 'subject', error_code: 'NAL-MAIL-001', params: { placeholder: 'price' } }], request_id: 'r1' } },
              { status: 422 },
            )
          : HttpResponse.json({ error: { error_code: 'NAL-MAIL-003', message: 'stale', errors: [], request_id: 'r2' } }, { status: 400 });
      }),
    );
    renderTab();
    await waitFor(() => expect(subject().value).toBe('発送のお知らせ {{order_no}}'));
    const user = userEvent.setup();
    await user.clear(subject());
    await user.type(subject(), '価格 {{{{price}}');
    await user.click(document.querySelector('#mail-template-shipment_notice-save')!);
    await waitFor(() => expect(screen.getByText('差し込み項目「price」はありません。一覧にある項目を使ってください。')).toBeTruthy());
    expect(saved).toMatchObject({ subject: '価格 {{price}}', version: 3 });

    answer = 'stale';
    await user.click(document.querySelector('#mail-template-shipment_notice-save')!);
    await waitFor(() => expect(screen.getByText('メールテンプレートは他のユーザーによって更新されました。再読み込みしてください。')).toBeTruthy());
  });

  it('lets a role that only reads settings preview, not edit', async () => {
    renderTab(false);
    await waitFor(() => expect(subject().disabled).toBe(true));
    expect(body().disabled).toBe(true);
    expect(document.querySelector('#mail-template-shipment_notice-save')).toBeNull();
    expect(document.querySelector('#mail-template-shipment_notice-preview')).not.toBeNull();
  });
});
