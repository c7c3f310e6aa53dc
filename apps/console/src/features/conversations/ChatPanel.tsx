import { PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Input, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n';
import { UploadButton } from '../../common/UploadButton';
import { chatFailureText, openAttachment } from './api/chat';
import { changeable, CONVERSATION_LIMITS, Message } from './api/conversation';
import { useThread } from './api/use-thread';

/** Plain text as written: newlines kept, long words wrapped; never read as HTML. */
const TEXT_STYLE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** Characters as the API counts them (code points: an emoji is one). */
const characters = (text: string) => [...text].length;

/** A message's text box with its live length check (the API's CONVERSATION_LIMITS.contentMax). */
function MessageInput({ id, value, onChange, disabled }: { id: string; value: string; onChange: (v: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const length = characters(value);
  const over = length > CONVERSATION_LIMITS.contentMax;
  return (
    <div>
      <Input.TextArea id={id} value={value} onChange={(e) => onChange(e.target.value)} autoSize={{ minRows: 2, maxRows: 8 }} status={over ? 'error' : undefined} disabled={disabled} />
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Text type="danger" data-testid={`${id}-error`}>
          {over ? t('chat.tooLong', { max: CONVERSATION_LIMITS.contentMax.toLocaleString() }) : ''}
        </Typography.Text>
        <Typography.Text type={over ? 'danger' : 'secondary'} data-testid={`${id}-count`}>
          {length.toLocaleString()} / {CONVERSATION_LIMITS.contentMax.toLocaleString()}
        </Typography.Text>
      </Space>
    </div>
  );
}

const sendable = (text: string) => text.trim().length > 0 && characters(text) <= CONVERSATION_LIMITS.contentMax;

/** One message: its author and time, the text (or the deleted tombstone), and the author's edit and delete within the window. */
function ChatMessage({ message, onEdit, onDelete }: { message: Message; onEdit: (content: string) => Promise<boolean>; onDelete: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    const done = await action();
    setBusy(false);
    if (done) setDraft(null);
  };
  const mine = message.mine;
  return (
    <div
      data-testid={`chat-message-${message.id}`}
      data-deleted={message.deleted ? 'true' : undefined}
      style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', marginBottom: 8 }}
    >
      <div style={{ maxWidth: '80%', minWidth: 200, padding: '6px 10px', borderRadius: 8, background: mine ? '#e6f4ff' : '#f5f5f5' }}>
        <Space size={4} wrap style={{ fontSize: 12 }}>
          <Typography.Text strong>{message.authorName ?? t('chat.unknownAuthor')}</Typography.Text>
          <Tag variant="filled" color={message.authorSide === 'maker' ? 'orange' : 'blue'}>
            {t(`chat.side.${message.authorSide}`)}
          </Tag>
          <Typography.Text type="secondary">{formatDate(message.createdAt, true)}</Typography.Text>
          {message.editedAt && !message.deleted && <Typography.Text type="secondary">{t('chat.edited')}</Typography.Text>}
        </Space>
        {message.deleted ? (
          <div>
            <Typography.Text type="secondary" italic data-testid="chat-tombstone">
              {t('chat.deleted')}
            </Typography.Text>
          </div>
        ) : draft !== null ? (
          <div>
            <MessageInput id={`chat-edit-${message.id}`} value={draft} onChange={setDraft} disabled={busy} />
            <Space>
              <Button size="small" type="primary" id={`chat-edit-save-${message.id}`} loading={busy} disabled={!sendable(draft)} onClick={() => void run(() => onEdit(draft))}>
                {t('common.save')}
              </Button>
              <Button size="small" onClick={() => setDraft(null)} disabled={busy}>
                {t('common.cancel')}
              </Button>
            </Space>
          </div>
        ) : (
          <>
            {message.content !== null && (
              <div style={TEXT_STYLE} data-testid="chat-content">
                {message.content}
              </div>
            )}
            {message.attachment && (
              <Button
                type="link"
                size="small"
                icon={<PaperClipOutlined />}
                style={{ paddingInline: 0 }}
                data-testid={`chat-attachment-${message.id}`}
                title={t('chat.attachment')}
                onClick={() => void openAttachment(message.conversationId, message.id)}
              >
                {message.attachment.name} ({Math.max(1, Math.round(message.attachment.size / 1024)).toLocaleString()} KB)
              </Button>
            )}
          </>
        )}
        {draft === null && changeable(message) && (
          <Space size={0} style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button size="small" type="link" id={`chat-edit-${message.id}-open`} onClick={() => setDraft(message.content ?? '')}>
              {t('common.edit')}
            </Button>
            <Popconfirm title={t('chat.deleteConfirm')} okButtonProps={{ id: `chat-delete-ok-${message.id}` }} onConfirm={() => run(onDelete)}>
              <Button size="small" type="link" danger id={`chat-delete-${message.id}`} loading={busy}>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          </Space>
        )}
      </div>
    </div>
  );
}

/**
 * The chat panel of a thread (SPEC.md §2): messages oldest first with "load earlier" by cursor, a
 * countdown in seconds to the next refresh (one tab polls, the others follow), a composer with a live
 * length check, the author's edit and delete, and the last failure kept on the panel (also toasted).
 */
export function ChatPanel({
  conversationId,
  title,
  extra,
  onChange,
  canAttach = false,
}: {
  conversationId: number;
  title?: ReactNode;
  extra?: ReactNode;
  onChange?: () => void;
  /** Files are sent by those who may upload them (staff: 'medias.upload'); makers read them. */
  canAttach?: boolean;
}) {
  const { t } = useTranslation();
  const thread = useThread(conversationId, onChange);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const last = thread.messages[thread.messages.length - 1]?.id;

  // A new latest message (posted, polled) scrolls the list to it; earlier pages do not.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [last]);

  const send = async () => {
    setSending(true);
    const done = await thread.post(draft);
    setSending(false);
    if (done) setDraft('');
  };

  return (
    <Card
      size="small"
      title={title ?? t('chat.title')}
      extra={
        <Space>
          {extra}
          <Typography.Text type="secondary" data-testid="chat-countdown" data-seconds={thread.secondsLeft}>
            {t('chat.refreshIn', { seconds: thread.secondsLeft })}
          </Typography.Text>
        </Space>
      }
      data-testid={`chat-panel-${conversationId}`}
    >
      {thread.failure && (
        <Alert type="error" showIcon closable onClose={thread.dismissFailure} title={chatFailureText(thread.failure)} style={{ marginBottom: 8 }} data-testid="chat-error" />
      )}
      {!thread.loaded && !thread.failure ? (
        <Spin />
      ) : (
        <>
          {thread.hasEarlier && (
            <div style={{ textAlign: 'center', marginBottom: 8 }}>
              <Button size="small" id={`chat-earlier-${conversationId}`} loading={thread.loadingEarlier} onClick={() => void thread.loadEarlier()}>
                {t('chat.loadEarlier')}
              </Button>
            </div>
          )}
          <div ref={list} style={{ maxHeight: 420, overflowY: 'auto', marginBottom: 12 }} data-testid="chat-messages">
            {thread.messages.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.empty')} />
            ) : (
              thread.messages.map((m) => <ChatMessage key={m.id} message={m} onEdit={(content) => thread.edit(m.id, content)} onDelete={() => thread.remove(m.id)} />)
            )}
          </div>
          <MessageInput id={`chat-input-${conversationId}`} value={draft} onChange={setDraft} disabled={sending} />
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', marginTop: 4, gap: 8 }}>
            <div>
              {canAttach && (
              <UploadButton
                id={`chat-attach-${conversationId}`}
                label={t('chat.attach')}
                done={t('chat.attached')}
                upload={async (file, onProgress) => {
                  const outcome = await thread.attach(file, onProgress, draft);
                  if (outcome.ok) setDraft('');
                  return outcome;
                }}
              />
              )}
            </div>
            <Button type="primary" id={`chat-send-${conversationId}`} loading={sending} disabled={!sendable(draft)} onClick={() => void send()}>
              {t('chat.send')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
