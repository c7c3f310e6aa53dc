import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { refusal } from '../deposits/test-fixtures';
import { ChatPanel } from './ChatPanel';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A message as the API sends it (snake_case). */
function wireMessage(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    conversation_id: 7,
    content: `message ${id}`,
    author_id: 2,
    author_name: 'メーカー 担当',
    author_side: 'maker',
    mine: false,
    created_at: minutesAgo(60 - id),
    edited_at: null,
    deleted: false,
    ...extra,
  };
}

const page = (data: object[], extra: Record<string, unknown> = {}) => HttpResponse.json({ data, next_cursor: null, since_cursor: 'since-1', more_changes: false, ...extra });

describe('the chat panel', () => {
  let reads: URLSearchParams[];
  let answers: ((q: URLSearchParams) => Response)[];

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    reads = [];
    answers = [];
    server.use(
      http.get('/api/v1/conversations/7/message', ({ request }) => {
        const query = new URL(request.url).searchParams;
        reads.push(query);
        return (answers.length > 1 ? answers.shift()! : answers[0])(query);
      }),
    );
  });
  afterEach(() => vi.useRealTimers());

  const renderPanel = () => renderRoutes('/', { '/': <ChatPanel conversationId={7} /> });
  const texts = () => screen.queryAllByTestId('chat-content').map((e) => e.textContent);

  it('shows messages oldest first as plain text with their newlines, a deleted one as a tombstone, and loads earlier ones by cursor', async () => {
    answers = [
      (q) => {
        if (q.get('since')) return new HttpResponse(null, { status: 304 });
        if (q.get('cursor') === 'earlier-1') return page([wireMessage(1, { created_at: minutesAgo(27 * 60) }), wireMessage(2, { created_at: minutesAgo(26 * 60) })], { next_cursor: null });
        return page(
          [
            wireMessage(3, { mine: true, author_side: 'staff', created_at: minutesAgo(25 * 60) }),
            wireMessage(4, { content: null, deleted: true }),
            wireMessage(5, { content: '1行目\n<b>太字ではない</b>', mine: true, author_side: 'staff', author_name: '受注 担当' }),
          ],
          { next_cursor: 'earlier-1' },
        );
      },
    ];
    renderPanel();
    await waitFor(() => expect(texts()).toEqual(['message 3', '1行目\n<b>太字ではない</b>']));
    const first = screen.getByTestId('chat-message-5');
    // Text, never markup: no <b> element, the newline kept by pre-wrap.
    expect(first.querySelector('b')).toBeNull();
    expect(within(first).getByTestId('chat-content').style.whiteSpace).toBe('pre-wrap');
    expect(within(screen.getByTestId('chat-message-4')).getByTestId('chat-tombstone').textContent).toBe('このメッセージは削除されました。');
    // Edit and delete: the reader's own, within 24 hours (not message 3, a day old; not a deleted one).
    expect(document.querySelector('#chat-edit-5-open')).not.toBeNull();
    expect(document.querySelector('#chat-edit-3-open')).toBeNull();
    expect(document.querySelector('#chat-delete-4')).toBeNull();

    await userEvent.click(document.querySelector('#chat-earlier-7')!);
    await waitFor(() => expect(texts()).toEqual(['message 1', 'message 2', 'message 3', '1行目\n<b>太字ではない</b>']));
    expect(reads.filter((q) => q.get('cursor')).map((q) => q.get('cursor'))).toEqual(['earlier-1']);
    expect(document.querySelector('#chat-earlier-7')).toBeNull();
  });

  it('counts down in seconds and polls with since: a 304 changes nothing, a change is merged by id (edited, deleted, new)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    answers = [
      () => page([wireMessage(1), wireMessage(2)]),
      // The poll when the panel opens, then the one after the countdown: nothing changed.
      () => new HttpResponse(null, { status: 304 }),
      () => new HttpResponse(null, { status: 304 }),
      // Two pages of changes: message 1 edited, then 2 deleted and 3 new.
      () => page([wireMessage(1, { content: 'message 1 (edited)', edited_at: minutesAgo(1) })], { since_cursor: 'since-2', more_changes: true }),
      () => page([wireMessage(2, { content: null, deleted: true }), wireMessage(3, { content: 'new one' })], { since_cursor: 'since-3' }),
      () => new HttpResponse(null, { status: 304 }),
    ];
    renderPanel();
    await waitFor(() => expect(texts()).toEqual(['message 1', 'message 2']));
    await waitFor(() => expect(reads).toHaveLength(2));
    expect(reads[1].get('since')).toBe('since-1');
    expect(screen.getByTestId('chat-countdown').textContent).toBe('10秒後に更新');

    await act(async () => await vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByTestId('chat-countdown').textContent).toBe('7秒後に更新');
    await act(async () => await vi.advanceTimersByTimeAsync(7000));
    await waitFor(() => expect(reads).toHaveLength(3));
    expect(reads[2].get('since')).toBe('since-1');
    expect(texts()).toEqual(['message 1', 'message 2']);
    expect(error).not.toHaveBeenCalled();

    await act(async () => await vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(texts()).toEqual(['message 1 (edited)', 'new one']));
    expect(reads.slice(3).map((q) => q.get('since'))).toEqual(['since-1', 'since-2']);
    expect(screen.getByTestId('chat-message-2').getAttribute('data-deleted')).toBe('true');
    expect(screen.getByTestId('chat-message-1').textContent).toContain('（編集済み）');

    // The next poll asks from the newest cursor.
    await act(async () => await vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(reads).toHaveLength(6));
    expect(reads[5].get('since')).toBe('since-3');
    expect(error).not.toHaveBeenCalled();
  });

  it('checks the length as one types, sends the message and shows it', async () => {
    answers = [() => page([]), () => new HttpResponse(null, { status: 304 })];
    const posted: unknown[] = [];
    server.use(
      http.post('/api/v1/conversations/7/message', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ data: wireMessage(9, { content: 'よろしくお願いします。', mine: true, author_side: 'staff', author_name: '受注 担当', created_at: new Date().toISOString() }) }, { status: 201 });
      }),
    );
    renderPanel();
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLTextAreaElement>('#chat-input-7');
      expect(found).not.toBeNull();
      return found!;
    });
    const sendButton = document.querySelector<HTMLButtonElement>('#chat-send-7')!;
    expect(sendButton.disabled).toBe(true);

    await userEvent.click(input);
    await userEvent.paste('あ'.repeat(2001));
    expect(screen.getByTestId('chat-input-7-count').textContent).toBe('2,001 / 2,000');
    expect(screen.getByTestId('chat-input-7-error').textContent).toBe('2,000文字以内で入力してください。');
    expect(sendButton.disabled).toBe(true);

    await userEvent.clear(input);
    await userEvent.type(input, 'よろしくお願いします。');
    expect(screen.getByTestId('chat-input-7-error').textContent).toBe('');
    await userEvent.click(sendButton);
    await waitFor(() => expect(texts()).toEqual(['よろしくお願いします。']));
    expect(posted).toEqual([{ content: 'よろしくお願いします。' }]);
    expect(input.value).toBe('');
  });

  it('a poll that fails shows it once while it keeps failing the same way, and polling goes on', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    answers = [
      () => page([wireMessage(1)]),
      () => HttpResponse.json(refusal('NAL-404'), { status: 404 }),
      () => HttpResponse.json(refusal('NAL-404'), { status: 404 }),
      () => HttpResponse.json(refusal('NAL-404'), { status: 404 }),
      () => page([wireMessage(2)], { since_cursor: 'since-2' }),
    ];
    renderPanel();
    await waitFor(() => expect(reads).toHaveLength(2));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(error.mock.calls[0][0]).toContain('(NAL-404)');
    await act(async () => await vi.advanceTimersByTimeAsync(20_000));
    await waitFor(() => expect(reads).toHaveLength(4));
    expect(error).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('chat-error').textContent).toContain('NAL-404');
    await act(async () => await vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(texts()).toEqual(['message 1', 'message 2']));
  });

  it('shows a refused change as a toast listing the translated codes, and keeps it on the panel', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    answers = [() => page([wireMessage(1, { mine: true, author_side: 'staff', created_at: minutesAgo(10) })]), () => new HttpResponse(null, { status: 304 })];
    server.use(
      // The window closed meanwhile (another clock), and the delete is someone else's by now (403: no forbidden screen).
      http.put('/api/v1/conversations/7/message/1', () => HttpResponse.json({ error: { ...refusal('NAL-CHAT-002').error, params: { hours: 24 } } }, { status: 400 })),
      http.delete('/api/v1/conversations/7/message/1', () => HttpResponse.json(refusal('NAL-CHAT-001'), { status: 403 })),
      http.post('/api/v1/conversations/7/message', () =>
        HttpResponse.json(refusal('NAL-422', [{ field: 'content', error_code: 'max_length', params: { max: 2000 } }]), { status: 422 }),
      ),
    );
    renderPanel();
    await waitFor(() => expect(texts()).toEqual(['message 1']));

    await userEvent.click(document.querySelector('#chat-edit-1-open')!);
    const box = document.querySelector<HTMLTextAreaElement>('#chat-edit-1')!;
    await userEvent.clear(box);
    await userEvent.type(box, '直しました');
    await userEvent.click(document.querySelector('#chat-edit-save-1')!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('投稿から24時間を過ぎたメッセージは変更できません。 (NAL-CHAT-002)'));
    expect(screen.getByTestId('chat-error').textContent).toContain('投稿から24時間を過ぎたメッセージは変更できません。 (NAL-CHAT-002)');
    // The draft stays to copy.
    expect(box.value).toBe('直しました');

    await userEvent.click(screen.getByText('キャンセル'));
    await userEvent.click(document.querySelector('#chat-delete-1')!);
    await userEvent.click(
      await waitFor(() => {
        const ok = document.querySelector('#chat-delete-ok-1');
        expect(ok).not.toBeNull();
        return ok!;
      }),
    );
    await waitFor(() => expect(error).toHaveBeenLastCalledWith('メッセージを編集・削除できるのは書いた本人だけです。 (NAL-CHAT-001)'));
    expect(screen.getByTestId('chat-error').textContent).toContain('NAL-CHAT-001');
    expect(texts()).toEqual(['message 1']);

    // A 422 lists each field error's code, translated with what it names.
    await userEvent.type(document.querySelector('#chat-input-7')!, 'もう一度');
    await userEvent.click(document.querySelector('#chat-send-7')!);
    await waitFor(() => expect(error).toHaveBeenLastCalledWith('2000文字以内で入力してください。 (max_length)'));
    expect(document.querySelector<HTMLTextAreaElement>('#chat-input-7')!.value).toBe('もう一度');
  });

  it("shows a message's file as a link to download it, and a poll with only a new status tells the page", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    answers = [
      () => page([wireMessage(1, { content: null, attachment: { name: '破損写真.png', content_type: 'image/png', size: 204_800 } })], { status: 2, version: 3 }),
      () => new HttpResponse(null, { status: 304 }),
      () => page([], { since_cursor: 'since-2', status: 3, version: 4 }),
    ];
    const changed = vi.fn();
    renderRoutes('/', { '/': <ChatPanel conversationId={7} onChange={changed} /> });
    const link = await waitFor(() => screen.getByTestId('chat-attachment-1'));
    expect(link.textContent).toContain('破損写真.png (200 KB)');
    expect(screen.queryAllByTestId('chat-content')).toHaveLength(0);
    await waitFor(() => expect(reads).toHaveLength(2));
    expect(changed).not.toHaveBeenCalled();
    await act(async () => await vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
  });

  it('tries a first read that failed again at the next refresh, and then polls', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    answers = [
      () => HttpResponse.json(refusal('NAL-503'), { status: 503 }),
      () => page([wireMessage(1)]),
      () => new HttpResponse(null, { status: 304 }),
    ];
    renderPanel();
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(texts()).toEqual([]);
    await waitFor(() => expect(texts()).toEqual(['message 1']), { timeout: 15_000 });
    await waitFor(() => expect(reads.some((q) => q.get('since') === 'since-1')).toBe(true));
    expect(screen.queryByTestId('chat-error')).toBeNull();
  });
});
