import { api } from '../api/client';

/** Bull Board (DESIGN.md: queues): for system administrators only, as the API checks too. */
export const QUEUE_DASHBOARD_PERMISSION = 'operations.admin';

/**
 * Opens the dashboard in a new tab: the API trades the one-minute media token for a session
 * cookie of its own, so the console's bearer token never leaves this tab.
 */
export function openQueueDashboard(): Promise<string> {
  return api.download('/admin/queues');
}
