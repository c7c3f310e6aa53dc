import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatFailure, chatFailureText, readCustomerConversation } from './api/chat';
import { ChatPanel } from './ChatPanel';

/** A customer's staff-only thread (DESIGN.md §8 customer chat): notes among staff about the customer, beside their record. */
export function CustomerThread({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  useEffect(() => {
    let current = true;
    void readCustomerConversation(customerId).then((result) => {
      if (!current) return;
      if (result.ok) setConversationId(result.data.id);
      else setFailure(result);
    });
    return () => {
      current = false;
    };
  }, [customerId]);
  if (failure) return <Alert type="error" showIcon title={chatFailureText(failure)} />;
  if (conversationId === null) return <Spin />;
  return <ChatPanel conversationId={conversationId} title={t('chat.customerTitle')} canAttach />;
}
