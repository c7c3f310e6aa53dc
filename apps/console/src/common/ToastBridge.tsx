import { App } from 'antd';
import { useEffect } from 'react';
import { bindToasts } from './toast';

export function ToastBridge() {
  const { notification } = App.useApp();
  useEffect(() => bindToasts(notification), [notification]);
  return null;
}
