import { Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/use-current-user';
import { useStaffOptions } from '../../common/use-options';
import { formatDate } from '../../i18n';
import { CUSTOMER_INQUIRY_STATE, type CustomerInquiry } from './api/customer-inquiry';

const STATE_COLORS: Record<number, string> = {
  [CUSTOMER_INQUIRY_STATE.waiting]: 'orange',
  [CUSTOMER_INQUIRY_STATE.replied]: 'blue',
  [CUSTOMER_INQUIRY_STATE.completed]: 'green',
};

/** An inquiry's state (waiting, replied, completed) as a coloured tag; `data-state` holds its number. */
export function InquiryStateTag({ state, testId }: { state: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-testid={testId} data-state={state}>
      {t(`customerInquiries.state.${state}`)}
    </Tag>
  );
}

/** The reply deadline (SPEC.md §9), in red with an 'overdue' tag when the inquiry waits past it. */
export function ReplyDue({ dueAt, overdue, testId }: { dueAt: string; overdue: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Space size={4} data-testid={testId} data-overdue={overdue}>
      <Typography.Text type={overdue ? 'danger' : undefined}>{formatDate(dueAt, true)}</Typography.Text>
      {overdue && (
        <Tag color="red" data-testid={testId && `${testId}-overdue`}>
          {t('customerInquiries.overdue')}
        </Tag>
      )}
    </Space>
  );
}

/** Who is in charge of an inquiry, as the API gives them (null: nobody yet). */
type Person = CustomerInquiry['personInCharge'];

/**
 * Who may be put in charge: the signed-in user, the one in charge now, and every valid staff account
 * (GET /users/staff, for every staff role); the API checks the choice again.
 */
export function usePersonInChargeOptions(current?: Person) {
  const { user } = useCurrentUser();
  const staff = useStaffOptions(!!user?.permissions.includes('staff.read'));
  const people = [...(user ? [{ id: user.id, name: user.name }] : []), ...(current ? [current] : []), ...staff];
  const seen = new Set<number>();
  return people.filter((p) => !seen.has(p.id) && seen.add(p.id)).map((p) => ({ value: p.id, label: p.name ?? `#${p.id}` }));
}

/** A select of the people who may be put in charge (see usePersonInChargeOptions); its Field gives the id. */
export function PersonInChargeSelect({ id, current, ...props }: { id?: string; current?: Person; value?: number | null; onChange?: (value: number | null) => void; placeholder?: string }) {
  const options = usePersonInChargeOptions(current);
  return <Select id={id} allowClear showSearch={{ optionFilterProp: 'label' }} options={options} style={{ minWidth: 180 }} {...props} />;
}
