import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, CUSTOMER_INQUIRY_LIMITS, japanToday } from '@oms/domain';
import { http, HttpResponse } from 'msw';
import { api } from '../../api/client';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { envelope, renderRoutes, useMockServer } from '../../test-utils';
import { ReturnFormPage } from './ReturnFormPage';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const FORM = '/api/v1/customer-inquiries/return-form';
const today = japanToday();
/** What form-options says today: the first pickup date the API takes (4 business days ahead, say 6 days with a weekend). */
const earliest = addDays(today, 6);

const formOptions = {
  shops: [{ id: 3, name: 'ケアシューズ本店' }],
  earliest_pickup_date: earliest,
  pickup_slots: [
    { value: 1, label: '9:00-13:00' },
    { value: 2, label: '14:00-16:00' },
    { value: 3, label: '16:00-18:00' },
    { value: 4, label: '17:00-18:30' },
  ],
};

/** A date as the Japanese page writes it (2026-12-03 → 2026年12月03日). */
const inJapanese = (date: string) => date.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1年$2月$3日');

const $ = <T extends Element = HTMLInputElement>(selector: string) => document.querySelector<T>(selector)!;
const itemOf = (id: string) => $(`#${id}`).closest('.ant-form-item')!;
const errorOf = (id: string) => itemOf(id).querySelector('.ant-form-item-explain-error')?.textContent;

/** Puts text in a field as a paste does (one input event: typing each character through antd is slow). */
async function fill(user: ReturnType<typeof userEvent.setup>, id: string, text: string) {
  await user.click($(`#${id}`));
  await user.paste(text);
}

/** A native date input takes its value whole (as the browser's picker gives it). */
const setDate = (id: string, value: string) => fireEvent.change($(`#${id}`), { target: { value } });

describe('return/exchange form (public)', () => {
  let sent: Record<string, unknown>[];
  let answer: () => Response;
  let routed: ReturnType<typeof vi.fn<(code?: string) => void>>;
  /** What form-options answers (its first pickup date moves with the day), and how many times it was read. */
  let options: typeof formOptions;
  let optionsRead: number;

  beforeEach(() => {
    options = formOptions;
    optionsRead = 0;
    setLanguage('ja');
    // A customer on a shared machine where staff are signed in: the form still sends no bearer.
    saveSession('staff-token', 900);
    sent = [];
    answer = () => HttpResponse.json({ data: { reference: 'CI-7K3M9QX2', received_at: '2026-11-24T01:30:00Z' } }, { status: 201 });
    routed = vi.fn<(code?: string) => void>();
    api.setHandlers({ onNotFound: routed, onForbidden: routed, onUnauthenticated: routed, onNetworkError: routed });
    server.use(
      http.get('/api/v1/customer-inquiries/form-options', () => {
        optionsRead++;
        return HttpResponse.json({ data: options });
      }),
      http.post(FORM, async ({ request }) => {
        expect(request.headers.get('authorization')).toBeNull();
        sent.push((await request.json()) as Record<string, unknown>);
        return answer();
      }),
    );
    renderRoutes('/return-form', { '/return-form': <ReturnFormPage /> });
  });

  /** Everything an exchange picked up on the first date allowed needs. */
  async function fillExchangeByPickup() {
    const user = userEvent.setup();
    await screen.findByTestId('return-form');
    await fill(user, 'return-name', '山田 花子');
    await fill(user, 'return-phone', '090-1234-5678');
    await fill(user, 'return-email', 'hanako@example.jp');
    await fill(user, 'return-confirm-email', 'Hanako@example.jp');
    await fill(user, 'return-order-no', '20261120-0000007');
    setDate('return-delivery-date', today);
    await user.click($('#return-request-1'));
    await user.click($('#return-method-1'));
    await fill(user, 'return-content', 'サイズが合いませんでした。');
    setDate('return-pickup-date', earliest);
    await user.click(await waitFor(() => $('#return-pickup-slot-2')));
    await fill(user, 'return-zip', '100-0001');
    await fill(user, 'return-address', '東京都千代田区千代田1-1');
    await user.click($('#return-agreement'));
    return user;
  }

  it('asks for the pickup date and slot only for a pickup, and for the bank account only for a return', async () => {
    const user = userEvent.setup();
    await screen.findByTestId('return-form');
    expect(screen.queryByTestId('return-pickup')).toBeNull();
    expect(screen.queryByTestId('return-refund')).toBeNull();

    await user.click($('#return-method-1'));
    await screen.findByTestId('return-pickup');
    expect(screen.getByText('集荷希望日')).toBeTruthy();
    // The picker greys out the days before the first date allowed; the slots are form-options'.
    expect($('#return-pickup-date').getAttribute('min')).toBe(earliest);
    expect([...document.querySelectorAll('#return-pickup-slot .ant-radio-wrapper')].map((r) => r.textContent)).toEqual(formOptions.pickup_slots.map((s) => s.label));
    await user.click($('#return-method-2'));
    await waitFor(() => expect(screen.queryByTestId('return-pickup')).toBeNull());

    await user.click($('#return-request-2'));
    const refund = await screen.findByTestId('return-refund');
    expect(refund.textContent).toContain('口座番号');
    expect([...document.querySelectorAll('#return-bank-account-type .ant-radio-wrapper')].map((r) => r.textContent)).toEqual(['普通', '当座']);
    await user.click($('#return-request-1'));
    await waitFor(() => expect(screen.queryByTestId('return-refund')).toBeNull());
  });

  it('requires the bank account for a return, the holder in katakana as banks write it, and the number in seven digits', async () => {
    const user = await fillExchangeByPickup();
    await user.click($('#return-request-2'));
    await screen.findByTestId('return-refund');
    await user.type($('#return-bank-account-holder'), 'やまだ はなこ');
    await user.type($('#return-bank-account-number'), '12345');
    await user.click($('#return-submit'));
    // Each field's rule answers on its own (a validator is a promise): wait for all four.
    await waitFor(() =>
      expect(['return-bank-name', 'return-bank-account-type', 'return-bank-account-holder', 'return-bank-account-number'].map(errorOf)).toEqual([
        '必須項目です。',
        '必須項目です。',
        '全角カタカナで入力してください。',
        '数字で入力してください。',
      ]),
    );
    expect(sent).toEqual([]);

    await user.type($('#return-bank-name'), 'みずほ銀行');
    await user.type($('#return-bank-branch'), '東京営業部');
    await user.click($('#return-bank-account-type-1'));
    await user.clear($('#return-bank-account-holder'));
    // A company's account, as banks write it (カ）= 株式会社): the API takes it, so the form does.
    await user.type($('#return-bank-account-holder'), 'カ）ヤマダショウジ');
    // Full-width digits, as a Japanese input method types them, are taken and sent half-width.
    await user.clear($('#return-bank-account-number'));
    await user.type($('#return-bank-account-number'), '１２３４５６７');
    await user.click($('#return-submit'));
    await screen.findByTestId('inquiry-receipt');
    expect(sent[0]).toMatchObject({ return_request: 2, bank_name: 'みずほ銀行', bank_account_type: 1, bank_account_number: '1234567', bank_account_holder: 'カ）ヤマダショウジ' });
  });

  it('refuses a typed pickup date before the first one allowed or past the last, with the API’s messages, and sends nothing', async () => {
    const user = await fillExchangeByPickup();
    setDate('return-pickup-date', addDays(today, 1));
    await user.click($('#return-submit'));
    await waitFor(() => expect(errorOf('return-pickup-date')).toBe(`集荷日は4営業日以上先の日付（${inJapanese(earliest)}以降）をご指定ください。`));
    // Past the last date taken (NAL-INQ-006), with that date as the page writes dates.
    const latest = addDays(today, CUSTOMER_INQUIRY_LIMITS.pickupHorizonDays);
    setDate('return-pickup-date', addDays(latest, 1));
    await user.click($('#return-submit'));
    await waitFor(() => expect(errorOf('return-pickup-date')).toBe(`集荷日は${inJapanese(latest)}までの日付をご指定ください。`));
    expect(sent).toEqual([]);
  });

  it('puts a 422 NAL-INQ-005 under the pickup date, and the next edit clears it', async () => {
    // The first date moved while the page was open (past midnight): the API's answer names the new one.
    const later = addDays(earliest, 1);
    answer = () =>
      HttpResponse.json(
        { error: { error_code: 'NAL-422', message: 'invalid', errors: [{ field: 'pickup_date', error_code: 'NAL-INQ-005', params: { min: later, days: 4 } }], request_id: 'r' } },
        { status: 422 },
      );
    const user = await fillExchangeByPickup();
    await user.click($('#return-submit'));
    await waitFor(() => expect(errorOf('return-pickup-date')).toBe(`集荷日は4営業日以上先の日付（${inJapanese(later)}以降）をご指定ください。`));
    expect(screen.queryByTestId('inquiry-receipt')).toBeNull();
    setDate('return-pickup-date', later);
    await waitFor(() => expect(errorOf('return-pickup-date')).toBeUndefined());
  });

  it('sends the request in the page’s language, with an empty honeypot, and shows the reference in place of the form', async () => {
    const success = vi.spyOn(toast, 'success');
    const user = await fillExchangeByPickup();
    await user.click($('#return-submit'));

    const reference = await screen.findByTestId('inquiry-reference');
    expect(reference.textContent).toBe('CI-7K3M9QX2');
    expect(screen.getByTestId('inquiry-receipt').textContent).toContain('返品・交換のお申し込みを受け付けました');
    expect(screen.getByTestId('inquiry-receipt').textContent).toContain('hanako@example.jp');
    expect(screen.getByTestId('inquiry-receipt').textContent).toContain('お申し込みいただき、ありがとうございます。');
    // The reference on one line, and the way to send another after it (not above it, as antd's Result puts `extra`).
    expect(reference.closest('h2, h3')!.getAttribute('style')).toContain('white-space: nowrap');
    const again = $('#inquiry-again');
    expect(again.textContent).toBe('別のお申し込みを送る');
    expect(reference.compareDocumentPosition(again) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByTestId('return-form')).toBeNull();
    expect(success).toHaveBeenCalledWith('送信しました。受付番号：CI-7K3M9QX2');
    expect(sent).toEqual([
      {
        company: null,
        position: null,
        name: '山田 花子',
        phone: '090-1234-5678',
        email: 'hanako@example.jp',
        confirm_email: 'Hanako@example.jp',
        shop_id: null,
        language: 'ja',
        website: '',
        order_no: '20261120-0000007',
        product: null,
        purchase_date: null,
        delivery_date: today,
        return_request: 1,
        return_method: 1,
        content: 'サイズが合いませんでした。',
        desired_dates: null,
        pickup_date: earliest,
        pickup_slot: 2,
        return_zip: '100-0001',
        return_address: '東京都千代田区千代田1-1',
        bank_name: null,
        bank_branch: null,
        bank_account_type: null,
        bank_account_number: null,
        bank_account_holder: null,
        agreement: true,
      },
    ]);
    expect(routed).not.toHaveBeenCalled();
  });

  it('labels every field: each label’s `for` is its control, and each radio group is named by its label', async () => {
    const user = userEvent.setup();
    await screen.findByTestId('return-form');
    // Every part of the form shown: a pickup's date and slot, a return's bank account.
    await user.click($('#return-method-1'));
    await user.click($('#return-request-2'));
    await screen.findByTestId('return-pickup');
    await screen.findByTestId('return-refund');

    const form = $('#return-form');
    const labels = [...form.querySelectorAll('label[for]')] as HTMLLabelElement[];
    expect(labels.length).toBeGreaterThanOrEqual(25);
    for (const label of labels) {
      const control = document.getElementById(label.htmlFor);
      expect({ label: label.textContent, for: label.htmlFor, found: !!control && form.contains(control) }).toEqual({ label: label.textContent, for: label.htmlFor, found: true });
    }
    // What a screen reader says for a field: its label (an input by the label's `for`, a radio group by aria-labelledby).
    expect(screen.getByLabelText('口座名義（全角カタカナ）')).toBe($('#return-bank-account-holder'));
    expect(screen.getByLabelText('メールアドレス（確認用）')).toBe($('#return-confirm-email'));
    expect(screen.getByRole('radiogroup', { name: '返送方法' })).toBe($('#return-method'));
    expect(screen.getByRole('radiogroup', { name: '集荷希望時間帯' })).toBe($('#return-pickup-slot'));
    const groups = within(form).getAllByRole('radiogroup');
    expect(groups.map((g) => g.id)).toEqual(['return-request', 'return-method', 'return-pickup-slot', 'return-bank-account-type']);
    for (const group of groups) expect(document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent).toBeTruthy();
  });

  it('reads the options again when the page is looked at on a later day, keeping what was typed', async () => {
    const user = userEvent.setup();
    await screen.findByTestId('return-form');
    await fill(user, 'return-name', '山田 花子');
    await user.click($('#return-method-1'));
    await screen.findByTestId('return-pickup');
    expect($('#return-pickup-date').getAttribute('min')).toBe(earliest);
    // Looked at again the same day: nothing to read.
    fireEvent.focus(window);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(optionsRead).toBe(1);

    // Past midnight in Japan: the first pickup date has moved, and the picker with it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000);
      options = { ...formOptions, earliest_pickup_date: addDays(earliest, 1) };
      fireEvent.focus(window);
      await waitFor(() => expect($('#return-pickup-date').getAttribute('min')).toBe(addDays(earliest, 1)));
    } finally {
      vi.useRealTimers();
    }
    expect(optionsRead).toBe(2);
    expect($('#return-name').value).toBe('山田 花子');
  });

  it('has the honeypot in the form, hidden from people, screen readers and the tab order', async () => {
    await screen.findByTestId('return-form');
    const bait = $('#return-website');
    expect(bait.tagName).toBe('INPUT');
    expect(bait.tabIndex).toBe(-1);
    expect(bait.getAttribute('autocomplete')).toBe('off');
    const box = screen.getByTestId('honeypot');
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.contains(bait)).toBe(true);
    expect(box.style.position).toBe('absolute');
    expect(box.style.left).toBe('-10000px');
    expect(box.style.overflow).toBe('hidden');
    expect($('#return-form').contains(bait)).toBe(true);
  });

  it('says to wait on 429, keeping what was typed', async () => {
    answer = () => envelope(429, 'NAL-429');
    const user = await fillExchangeByPickup();
    await user.click($('#return-submit'));
    expect((await screen.findByTestId('form-refusal')).textContent).toContain('しばらく（1時間ほど）時間をおいてから、もう一度お送りください。');
    expect($('#return-name').value).toBe('山田 花子');
    expect(routed).not.toHaveBeenCalled();
  });

  it('checks the confirmation e-mail as it is typed, and is in English when switched', async () => {
    const user = userEvent.setup();
    await screen.findByTestId('return-form');
    await user.type($('#return-email'), 'hanako@example.jp');
    await user.type($('#return-confirm-email'), 'hanako@example.j');
    await waitFor(() => expect(errorOf('return-confirm-email')).toBe('メールアドレスが一致しません。'));
    await user.type($('#return-confirm-email'), 'p');
    await waitFor(() => expect(errorOf('return-confirm-email')).toBeUndefined());

    // The browser tab says what the page is, in its language, and the page says which language it is in.
    expect(document.title).toBe('返品・交換のお申し込み');
    expect(document.documentElement.lang).toBe('ja');

    await user.click(screen.getByTestId('lang-en'));
    await waitFor(() => expect(screen.getByText('Return or exchange request')).toBeTruthy());
    expect(document.title).toBe('Return or exchange request');
    expect(document.documentElement.lang).toBe('en');
    expect($('#return-submit').textContent).toBe('Send');
    expect(screen.getByTestId('return-conditions').textContent).toContain('Ask for a return or exchange within 7 days of delivery.');
  });
});
