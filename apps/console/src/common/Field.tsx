import { Form, type FormItemProps } from 'antd';
import { cloneElement, type ReactElement } from 'react';

/** The id of a Field's label text: what a radio group, which a label's `for` cannot name, is labelled by (`aria-labelledby`). */
export const labelIdOf = (id: string) => `${id}-label`;

/**
 * A form item whose label names its control. antd's label points at an id of antd's making (form name
 * and field name), which a control given its own id (as tests and pages find it) does not have: here
 * `id` is given to the control and is the label's `for`, and the label's text carries `labelIdOf(id)`.
 */
export function Field({ id, label, children, ...item }: Omit<FormItemProps, 'htmlFor' | 'children'> & { id: string; children: ReactElement<{ id?: string }> }) {
  return (
    <Form.Item {...item} htmlFor={id} label={label === undefined ? undefined : <span id={labelIdOf(id)}>{label}</span>}>
      {cloneElement(children, { id })}
    </Form.Item>
  );
}
