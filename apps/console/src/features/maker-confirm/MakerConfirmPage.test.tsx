import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { api } from '../../api/client';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { refusal } from '../orders/test-fixtures';
import { MakerConfirmPage } from './MakerConfirmPage';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const PATH = '/api/v1/maker-confirmations/tok-1';

function wireConfirmation(extra: Record<string, unknown> = {}) {
  return {
    order_id: '1',
    order_no: '20261122-0000001',
    order_date: '2026-11-22',
    version: 3,
    maker: { id: '2', name: '東京家具製作所' },
    delivery: { name: '山田 太郎', zip: '100-0001', address: '東京都千代田区1-1', phone: '03-0000-0000', preferred_date: '11月30日', preferred_period: '午前中' },
    edi_note: '置き配可',
    supplier_memo: '化粧箱でお願いします',
    lines: [
      { id: '10', product_name: '椅子 10', option1: '赤', option2: null, amount: 2, wholesale_price: 6000, status: 3 },
      { id: '11', product_name: '机 11', option1: null, option2: null, amount: 1, wholesale_price: 15000, status: 3 },
    ],
    confirm_status: null,
    refusal_reason: null,
    estimated_ship_date: null,
    maker_receive_date: null,
    expires_at: '2026-12-06T01:00:00Z',
    ...extra,
  };
}

/** Replaces a DatePicker's text and confirms it. */
async function typeDate(id: string, value: string) {
  const input = document.querySelector(`#${id}`) as HTMLInputElement;
  await userEvent.click(input);
  await userEvent.clear(input);
  await userEvent.type(input, `${value}{Enter}`);
}

const errorOf = (id: string) => document.querySelector(`#${id}`)!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent;

describe('maker confirmation page', () => {
  let reads: { authorization: string | null }[];
  let answers: unknown[];
  let answer: () => Response;
  let routed: ReturnType<typeof vi.fn<(code?: string) => void>>;

  beforeEach(() => {
    setLanguage('ja');
    // A maker who happens to be signed in to the console on this browser: the page still sends no bearer.
    saveSession('staff-token', 900);
    reads = [];
    answers = [];
    answer = () => HttpResponse.json({ data: { confirm_status: 1, version: 4, line_statuses: [{ id: '10', status: 4 }] } });
    routed = vi.fn<(code?: string) => void>();
    api.setHandlers({ onNotFound: routed, onForbidden: routed, onUnauthenticated: routed, onNetworkError: routed });
    server.use(
      http.get(PATH, ({ request }) => {
        reads.push({ authorization: request.headers.get('authorization') });
        return HttpResponse.json({ data: wireConfirmation() });
      }),
      http.post(PATH, async ({ request }) => {
        answers.push(await request.json());
        return answer();
      }),
    );
  });

  const renderPage = (token = 'tok-1') => renderRoutes(`/maker-confirm/${token}`, { '/maker-confirm/:token': <MakerConfirmPage /> });

  it('shows the order in Japanese without a bearer: delivery, notes, the lines with their total, the status and the sheet link', async () => {
    renderPage();
    expect((await screen.findByTestId('confirm-order-no')).textContent).toBe('20261122-0000001');
    expect(screen.getByTestId('confirm-order').textContent).toContain('2026年11月22日');
    expect(screen.getByTestId('confirm-order').textContent).toContain('東京家具製作所');
    const delivery = screen.getByTestId('confirm-delivery').textContent;
    for (const text of ['山田 太郎', '100-0001', '東京都千代田区1-1', '03-0000-0000', '11月30日', '午前中', '置き配可', '化粧箱でお願いします']) expect(delivery).toContain(text);
    expect(screen.getByTestId('confirm-line-10').textContent).toContain('椅子 10');
    expect(screen.getByTestId('confirm-line-10').textContent).toContain('赤');
    expect(screen.getByTestId('confirm-line-10').textContent).toContain('¥12,000');
    expect(screen.getByTestId('confirm-total').textContent).toBe('¥27,000');
    expect(screen.getByTestId('confirm-current-status').textContent).toBe('未回答');
    expect(screen.getByTestId('confirm-sheet').getAttribute('href')).toBe('/api/v1/maker-confirmations/tok-1/sheet');
    expect(screen.getByRole('radiogroup', { name: '回答' })).toBeTruthy();
    expect(screen.getByLabelText('この内容で受注する')).toBeTruthy();
    expect(reads).toEqual([{ authorization: null }]);

    await userEvent.click(screen.getByTestId('lang-en'));
    await waitFor(() => expect(screen.getByTestId('confirm-current-status').textContent).toBe('Not answered yet'));
  });

  it('posts an acceptance with the version and the ship date, then shows what was recorded', async () => {
    const tomorrow = dayjs().add(1, 'day');
    renderPage();
    await screen.findByTestId('confirm-form');
    await userEvent.click(screen.getByTestId('answer-accept'));
    await typeDate('maker-answer_estimatedShipDate', tomorrow.format('YYYY-MM-DD'));
    await userEvent.click(screen.getByTestId('confirm-submit'));

    expect((await screen.findByTestId('confirm-result')).textContent).toBe('ご回答ありがとうございました');
    expect(answers).toEqual([{ version: 3, answer: 'accept', estimated_ship_date: tomorrow.format('YYYY-MM-DD'), refusal_reason: null }]);
    expect(screen.getByTestId('confirm-recorded-answer').textContent).toBe('この内容で受注する');
    expect(screen.getByTestId('confirm-recorded').textContent).toContain(tomorrow.format('YYYY年MM月DD日'));
    expect(screen.queryByTestId('confirm-form')).toBeNull();
  });

  it('asks for the reason of a refusal before sending, hides the ship date, then sends the reason', async () => {
    answer = () => HttpResponse.json({ data: { confirm_status: 3, version: 4, line_statuses: [] } });
    renderPage();
    await screen.findByTestId('confirm-form');
    await userEvent.click(screen.getByTestId('answer-refuse'));
    expect(document.querySelector('#maker-answer_estimatedShipDate')).toBeNull();
    await userEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(errorOf('maker-answer_refusalReason')).toBe('受注不可の理由を入力してください。'));
    expect(answers).toEqual([]);

    await userEvent.type(screen.getByLabelText('受注できない理由'), '在庫切れのため');
    await userEvent.click(screen.getByTestId('confirm-submit'));
    await screen.findByTestId('confirm-result');
    expect(answers).toEqual([{ version: 3, answer: 'refuse', estimated_ship_date: null, refusal_reason: '在庫切れのため' }]);
    expect(screen.getByTestId('confirm-recorded').textContent).toContain('在庫切れのため');
  });

  it.each([
    ['NAL_ORD-130', 404, 'このリンクは無効です。お手元の発注書のリンクをご確認ください。'],
    ['NAL_ORD-131', 400, 'このご注文にはすでにご回答いただいています。'],
    ['NAL_ORD-132', 400, 'このリンクの有効期限が切れています。お手数ですが担当者までご連絡ください。'],
  ])('shows %s from the link as a full page, with no form and no redirect', async (code, status, message) => {
    server.use(http.get(PATH, () => HttpResponse.json(refusal(code), { status })));
    renderPage();
    expect((await screen.findByTestId('confirm-link-problem')).textContent).toBe(message);
    expect(screen.queryByTestId('confirm-form')).toBeNull();
    expect(routed).not.toHaveBeenCalled();
  });

  it('ends the page when the answer finds the link already used up', async () => {
    answer = () => HttpResponse.json(refusal('NAL_ORD-131'), { status: 400 });
    renderPage();
    await screen.findByTestId('confirm-form');
    await userEvent.click(screen.getByTestId('answer-undecided'));
    await userEvent.click(screen.getByTestId('confirm-submit'));
    expect((await screen.findByTestId('confirm-link-problem')).textContent).toBe('このご注文にはすでにご回答いただいています。');
    expect(answers).toEqual([{ version: 3, answer: 'undecided', estimated_ship_date: null, refusal_reason: null }]);
  });

  it('on NAL_ORD-193 offers a reload that reads the order again, and answers with the new version', async () => {
    let version = 3;
    server.use(
      http.get(PATH, () => {
        reads.push({ authorization: null });
        return HttpResponse.json({ data: wireConfirmation({ version }) });
      }),
    );
    answer = () => HttpResponse.json(refusal('NAL_ORD-193'), { status: 400 });
    renderPage();
    await screen.findByTestId('confirm-form');
    await userEvent.click(screen.getByTestId('answer-undecided'));
    await userEvent.click(screen.getByTestId('confirm-submit'));
    expect((await screen.findByTestId('reload-prompt')).textContent).toBe('他のユーザーが注文を更新しました。再読み込みしてください。');

    version = 5;
    answer = () => HttpResponse.json({ data: { confirm_status: 2, version: 6, line_statuses: [] } });
    await userEvent.click(document.querySelector('#order-reload')!);
    await waitFor(() => expect(reads).toHaveLength(2));
    await userEvent.click(screen.getByTestId('confirm-submit'));
    await screen.findByTestId('confirm-result');
    expect(answers).toEqual([
      { version: 3, answer: 'undecided', estimated_ship_date: null, refusal_reason: null },
      { version: 5, answer: 'undecided', estimated_ship_date: null, refusal_reason: null },
    ]);
  });

  it('puts a 422 under its field', async () => {
    answer = () => HttpResponse.json(refusal('NAL-422', [{ field: 'estimated_ship_date', error_code: 'date_format' }]), { status: 422 });
    renderPage();
    await screen.findByTestId('confirm-form');
    await userEvent.click(screen.getByTestId('answer-accept'));
    await userEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(errorOf('maker-answer_estimatedShipDate')).toBe('日付は YYYY-MM-DD または YYYY/MM/DD の形式で入力してください。'));
    expect(screen.queryByTestId('confirm-result')).toBeNull();
  });

  it('says so when there were too many requests, on reading and on answering', async () => {
    answer = () => HttpResponse.json(refusal('NAL-429'), { status: 429 });
    renderPage();
    await screen.findByTestId('confirm-form');
    await userEvent.click(screen.getByTestId('answer-accept'));
    await userEvent.click(screen.getByTestId('confirm-submit'));
    expect((await screen.findByTestId('confirm-problem')).textContent).toBe('リクエストが多すぎます。しばらくしてから再度お試しください。');
    expect(routed).not.toHaveBeenCalled();
  });

  it('shows a rate-limited read with a retry', async () => {
    server.use(http.get(PATH, () => HttpResponse.json(refusal('NAL-429'), { status: 429 })));
    renderPage();
    expect((await screen.findByTestId('confirm-load-failed')).textContent).toBe('リクエストが多すぎます。しばらくしてから再度お試しください。');
    expect(routed).not.toHaveBeenCalled();
  });
});
