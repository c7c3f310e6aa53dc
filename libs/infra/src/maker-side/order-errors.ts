import { EntityManager } from 'typeorm';

/**
 * Records an order error staff see on the order and in the list (EDI stop, a sheet that could not
 * be sent, a maker's refusal). It is no change of the order itself: the version stays, so nobody's
 * open screen goes stale for it; the list's error count follows.
 */
export async function recordOrderError(
  manager: EntityManager,
  error: { orderId: string; makerId: string | null; code: string; message: string },
): Promise<void> {
  await manager.query(`INSERT INTO order_errors (order_id, maker_id, code, message) VALUES ($1, $2, $3, left($4, 500))`, [
    error.orderId,
    error.makerId,
    error.code,
    error.message,
  ]);
  await manager.query(`UPDATE orders SET error_count = error_count + 1 WHERE id = $1`, [error.orderId]);
}
