import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { http, HttpResponse } from 'msw';
import { api } from '../api/client';
import { saveSession } from '../api/session';
import { setLanguage } from '../i18n';
import { renderRoutes, useMockServer } from '../test-utils';
import { useServerForm } from './use-server-form';

const server = useMockServer();

/** A form of one field (`name`), saved by POST /probes; the refusal above it as the console's forms show it. */
function ProbeForm() {
  const [form] = Form.useForm<{ name?: string }>();
  const { onFinish, onValuesChange, refusal } = useServerForm(form, (values) => api.post('/probes', values), { message: 'saved', onSaved: () => undefined });
  return (
    <Form form={form} onFinish={onFinish} onValuesChange={onValuesChange}>
      {refusal && <div data-testid="form-refusal">{refusal}</div>}
      <Form.Item name="name" label="Name">
        <Input id="probe-name" />
      </Form.Item>
      <button type="submit" id="probe-save">
        save
      </button>
    </Form>
  );
}

const unprocessable = (errors: object[]) => HttpResponse.json({ error: { error_code: 'NAL-422', message: 'Some fields are invalid.', errors, request_id: 'r' } }, { status: 422 });
const nameError = () => document.querySelector('#probe-name')!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent;

describe('useServerForm: a 422', () => {
  let answer: () => Response;

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    server.use(http.post('/api/v1/probes', () => answer()));
    renderRoutes('/', { '/': <ProbeForm /> });
  });

  it('puts the errors of its fields under them and shows those of no field above the form', async () => {
    answer = () =>
      unprocessable([
        { field: 'name', error_code: 'max_length', params: { max: 5 } },
        { field: 'shop_id', error_code: 'not_found' },
        { field: 'order_no', error_code: 'exists' },
      ]);
    const user = userEvent.setup();
    await user.click(document.querySelector('#probe-save')!);
    await waitFor(() => expect(nameError()).toBe('5文字以内で入力してください。'));
    expect((await screen.findByTestId('form-refusal')).textContent).toBe('見つかりません。選び直してください。 指定されたデータが存在しません。');
  });

  it('shows no refusal when every error has its field, and the next send clears what the last showed', async () => {
    answer = () => unprocessable([{ field: 'shop_id', error_code: 'not_found' }]);
    const user = userEvent.setup();
    await user.click(document.querySelector('#probe-save')!);
    expect((await screen.findByTestId('form-refusal')).textContent).toBe('見つかりません。選び直してください。');

    answer = () => unprocessable([{ field: 'name', error_code: 'required' }]);
    await user.click(document.querySelector('#probe-save')!);
    await waitFor(() => expect(nameError()).toBe('必須項目です。'));
    expect(screen.queryByTestId('form-refusal')).toBeNull();
  });
});
