import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../common/toast';
import { selectionMessage } from './messages';
import { ACTION_PERMISSION, ORDER_ACTIONS, selectionProblem, type OrderAction, type SelectedLine } from './order-actions';

interface Props {
  lines: readonly SelectedLine[];
  permissions: readonly string[];
  /** Called when the selection passes the action's client rules; otherwise the rule's message is shown. */
  onRun: (action: OrderAction) => void;
  /** Small in the list, where the orders need the room. */
  size?: 'small' | 'middle';
}

/** The order actions the user may take, checked against the selected lines before their modal opens. */
export function OrderActionBar({ lines, permissions, onRun, size }: Props) {
  const { t } = useTranslation();
  const allowed = ORDER_ACTIONS.filter((a) => permissions.includes(ACTION_PERMISSION[a]));
  if (!allowed.length) return null;

  const run = (action: OrderAction) => {
    const problem = selectionProblem(action, lines);
    if (problem) toast.error(selectionMessage(t, problem));
    else onRun(action);
  };

  return (
    <Space wrap data-testid="order-actions">
      {allowed.map((action) => (
        <Button key={action} id={`action-${action}`} size={size} onClick={() => run(action)}>
          {t(`orders.action.${action}`)}
        </Button>
      ))}
    </Space>
  );
}
