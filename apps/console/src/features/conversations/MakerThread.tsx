import { MessageOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../common/toast';
import { ChatFailure, chatFailureText, openMakerConversation, readConversation, setConversationStatus } from './api/chat';
import { Conversation, CONVERSATION_STATUS, OpenMakerConversationInput, SETTABLE_CONVERSATION_STATUSES } from './api/conversation';
import { ChatPanel } from './ChatPanel';

const STATUS_COLORS: Record<number, string> = {
  [CONVERSATION_STATUS.waitingMaker]: 'orange',
  [CONVERSATION_STATUS.waitingCompany]: 'red',
  [CONVERSATION_STATUS.processed]: 'green',
};

/** A maker thread's status as a tag (nobody wrote yet, waiting maker, waiting company, processed). */
export function ConversationStatusTag({ status, testId }: { status: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={testId} data-status={status}>
      {t(`chat.status.${status}`)}
    </Tag>
  );
}

/**
 * Staff set a maker thread's status by hand at the version read (PUT /conversations/{id}); a refusal
 * (NAL-CHAT-007: changed since) is toasted and kept beside the select with a reload.
 */
function StatusSelect({ conversation, onSaved, testId }: { conversation: Conversation; onSaved: (c: Conversation) => void; testId: string }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (status: number) => {
    setSaving(true);
    const result = await setConversationStatus(conversation.id, { status: status as 1 | 2 | 3, version: conversation.version });
    setSaving(false);
    if (!result.ok) {
      setFailure(result);
      toast.error(chatFailureText(result));
      return;
    }
    setFailure(null);
    onSaved(result.data);
  };
  const reload = async () => {
    const result = await readConversation(conversation.id);
    if (result.ok) {
      setFailure(null);
      onSaved(result.data);
    }
  };
  return (
    <Space>
      <Select
        size="small"
        id={testId}
        data-testid={testId}
        loading={saving}
        value={conversation.status || undefined}
        placeholder={t('chat.setStatus')}
        style={{ minWidth: 140 }}
        onChange={(v: number) => void save(v)}
        options={SETTABLE_CONVERSATION_STATUSES.map((s) => ({ value: s, label: t(`chat.status.${s}`) }))}
      />
      {failure && (
        <Alert
          type="error"
          showIcon
          title={chatFailureText(failure)}
          data-testid={`${testId}-error`}
          action={
            failure.codes.includes('NAL-CHAT-007') ? (
              <Button size="small" onClick={() => void reload()}>
                {t('common.reload')}
              </Button>
            ) : undefined
          }
        />
      )}
    </Space>
  );
}

/**
 * The thread with a maker about an order (or a maker inquiry), opened on demand (POST /conversations/maker
 * makes it the first time): its status, the chat panel, and for staff the status select. `onChange`
 * runs after anything changed the thread (the order shows its status: read it again).
 */
export function MakerThread({
  target,
  status,
  canSetStatus,
  testId,
  onChange,
}: {
  target: OpenMakerConversationInput;
  /** The status shown while the thread is closed (the order's makers[].conversation_status). */
  status: number;
  canSetStatus: boolean;
  testId: string;
  onChange?: () => void;
}) {
  const { t } = useTranslation();
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  const [open, setOpen] = useState(false);

  const openThread = async () => {
    setOpen(true);
    if (conversation) return;
    setOpening(true);
    const result = await openMakerConversation(target);
    setOpening(false);
    if (!result.ok) {
      setFailure(result);
      toast.error(chatFailureText(result));
      return;
    }
    setFailure(null);
    setConversation(result.data);
  };

  /** The thread changed (a message, polled or posted): its status and version are read again. */
  const changed = async () => {
    if (conversation) {
      const result = await readConversation(conversation.id);
      if (result.ok) setConversation(result.data);
    }
    onChange?.();
  };

  const shownStatus = conversation?.status ?? status;
  return (
    <div style={{ marginTop: 12 }} data-testid={testId}>
      <Space style={{ marginBottom: 8 }}>
        <span>{t('chat.statusLabel')}</span>
        <ConversationStatusTag status={shownStatus} testId={`${testId}-status`} />
        <Button size="small" icon={<MessageOutlined />} id={`${testId}-toggle`} loading={opening} onClick={() => (open ? setOpen(false) : void openThread())}>
          {t(open ? 'chat.close' : 'chat.open')}
        </Button>
      </Space>
      {failure && <Alert type="error" showIcon title={chatFailureText(failure)} style={{ marginBottom: 8 }} />}
      {open && conversation && (
        <ChatPanel
          conversationId={conversation.id}
          onChange={() => void changed()}
          canAttach={canSetStatus}
          extra={
            canSetStatus ? (
              <StatusSelect
                conversation={conversation}
                testId={`${testId}-set-status`}
                onSaved={(c) => {
                  setConversation(c);
                  onChange?.();
                }}
              />
            ) : undefined
          }
        />
      )}
    </div>
  );
}
