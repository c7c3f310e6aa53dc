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
    delivery: { name: '山田 太郎', zip: '100-0001', address: '東京都千代田区1-1', phone: '03-0000-0000', preferred_date: '11月30日', preferred_period: 4 },
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
    stage: 'awaiting_answer',
    can_change_ship_date: false,
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
    for (const text of ['山田 太郎', '100-0001', '東京都千代田区1-1', '03-0000-0000', '11月30日', '19-21時', '置き配可', '化粧箱でお願いします']) expect(delivery).toContain(text);
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
    ['NAL_ORD-131', 400, 'このリンクではご回答いただけません。すでにご回答済みか、ご注文の内容が変更されました。お手数ですが担当者までご連絡ください。'],
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
    expect((await screen.findByTestId('confirm-link-problem')).textContent).toBe('このリンクではご回答いただけません。すでにご回答済みか、ご注文の内容が変更されました。お手数ですが担当者までご連絡ください。');
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

  it('keeps a past date as typed and says why it is refused; sends nothing', async () => {
    const past = dayjs().subtract(3, 'day').format('YYYY-MM-DD');
    renderPage();
    await screen.findByTestId('confirm-form');
    await userEvent.click(screen.getByTestId('answer-accept'));
    await typeDate('maker-answer_estimatedShipDate', past);
    await userEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(errorOf('maker-answer_estimatedShipDate')).toBe('本日以降の日付を入力してください。'));
    expect((document.querySelector('#maker-answer_estimatedShipDate') as HTMLInputElement).value).toBe(past);
    expect(answers).toEqual([]);
  });

  it('needs the ship date to accept (not for "ship date undecided"), and reads Y/M/D as typed', async () => {
    renderPage();
    await screen.findByTestId('confirm-form');
    await userEvent.click(screen.getByTestId('answer-accept'));
    await userEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(errorOf('maker-answer_estimatedShipDate')).toBe('受注する場合は出荷予定日を入力してください。未定の場合は「出荷日未定」をお選びください。'));
    expect(answers).toEqual([]);
    const later = dayjs().add(10, 'day');
    await typeDate('maker-answer_estimatedShipDate', later.format('YYYY/M/D'));
    await userEvent.click(screen.getByTestId('confirm-submit'));
    await screen.findByTestId('confirm-result');
    expect(answers).toEqual([{ version: 3, answer: 'accept', estimated_ship_date: later.format('YYYY-MM-DD'), refusal_reason: null }]);
  });

  describe('once answered', () => {
    const ANSWERED = { stage: 'answered', can_change_ship_date: true, confirm_status: 1, estimated_ship_date: dayjs().add(5, 'day').format('YYYY-MM-DD'), maker_receive_date: dayjs().format('YYYY-MM-DD'), version: 4 };
    let changes: unknown[];
    let change: () => Response;

    beforeEach(() => {
      changes = [];
      change = () => HttpResponse.json({ data: { estimated_ship_date: '2030-01-01', confirm_status: 1, version: 5 } });
      server.use(
        http.get(PATH, () => HttpResponse.json({ data: wireConfirmation(ANSWERED) })),
        http.put(`${PATH}/estimated-ship-date`, async ({ request }) => {
          changes.push(await request.json());
          return change();
        }),
      );
    });

    it('shows the answer given, with no answer form, and changes the estimated ship date', async () => {
      renderPage();
      expect((await screen.findByTestId('confirm-current-status')).textContent).toBe('受注可');
      expect(screen.getByTestId('confirm-page').getAttribute('data-stage')).toBe('answered');
      expect(screen.queryByTestId('confirm-form')).toBeNull();
      expect((document.querySelector('#ship-date-change_estimatedShipDate') as HTMLInputElement).value).toBe(ANSWERED.estimated_ship_date);
      const later = dayjs().add(9, 'day').format('YYYY-MM-DD');
      await typeDate('ship-date-change_estimatedShipDate', later);
      await userEvent.click(screen.getByTestId('ship-date-change-submit'));
      expect((await screen.findByTestId('ship-date-change-outcome')).textContent).toBe('出荷予定日を変更しました。');
      expect(changes).toEqual([{ version: 4, estimated_ship_date: later }]);
    });

    it('keeps a past date in the change form with its reason, and says so when the order has shipped meanwhile', async () => {
      renderPage();
      await screen.findByTestId('ship-date-change-form');
      const past = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
      await typeDate('ship-date-change_estimatedShipDate', past);
      await userEvent.click(screen.getByTestId('ship-date-change-submit'));
      await waitFor(() => expect(errorOf('ship-date-change_estimatedShipDate')).toBe('本日以降の日付を入力してください。'));
      expect((document.querySelector('#ship-date-change_estimatedShipDate') as HTMLInputElement).value).toBe(past);
      expect(changes).toEqual([]);

      change = () => HttpResponse.json(refusal('NAL_ORD-135'), { status: 400 });
      await typeDate('ship-date-change_estimatedShipDate', dayjs().add(2, 'day').format('YYYY-MM-DD'));
      await userEvent.click(screen.getByTestId('ship-date-change-submit'));
      expect((await screen.findByTestId('ship-date-change-outcome')).textContent).toBe('出荷済み、または受注できないとのご回答のため、出荷予定日は変更できません。');
    });

    it('shows a refusal without a form to change anything', async () => {
      server.use(http.get(PATH, () => HttpResponse.json({ data: wireConfirmation({ ...ANSWERED, can_change_ship_date: false, confirm_status: 3, refusal_reason: '廃番のため', estimated_ship_date: null, maker_receive_date: null }) })));
      renderPage();
      expect((await screen.findByTestId('confirm-current-status')).textContent).toBe('受注不可');
      expect(screen.getByTestId('confirm-page').textContent).toContain('廃番のため');
      expect(screen.queryByTestId('confirm-form')).toBeNull();
      expect(screen.queryByTestId('ship-date-change-form')).toBeNull();
    });
  });

  it('puts a 422 under its field', async () => {
    answer = () => HttpResponse.json(refusal('NAL-422', [{ field: 'estimated_ship_date', error_code: 'date_format' }]), { status: 422 });
    renderPage();
    await screen.findByTestId('confirm-form');
    await userEvent.click(screen.getByTestId('answer-undecided'));
    await userEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(errorOf('maker-answer_estimatedShipDate')).toBe('日付は YYYY-MM-DD または YYYY/MM/DD の形式で入力してください。'));
    expect(screen.queryByTestId('confirm-result')).toBeNull();
  });

  it('says so when there were too many requests, on reading and on answering', async () => {
    answer = () => HttpResponse.json(refusal('NAL-429'), { status: 429 });
    renderPage();
    await screen.findByTestId('confirm-form');
    await userEvent.click(screen.getByTestId('answer-undecided'));
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
