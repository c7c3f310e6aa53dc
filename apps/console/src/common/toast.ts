import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts: top-right, closing after 5000 ms (SPEC.md §9). The notification instance comes from
 * antd's <App> (so it follows the locale and theme) through <ToastBridge>.
 */
export const TOAST_DURATION_SECONDS = 5;

let instance: NotificationInstance | null = null;

export function bindToasts(api: NotificationInstance): void {
  instance = api;
}

export const toast = {
  success(message: string) {
    instance?.success({ title: message, placement: 'topRight', duration: TOAST_DURATION_SECONDS });
  },
  error(message: string) {
    instance?.error({ title: message, placement: 'topRight', duration: TOAST_DURATION_SECONDS });
  },
};
