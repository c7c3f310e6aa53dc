import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Revoked accounts lose their power at once (docs/decisions.md "Accounts: revocation").
 * - `security_stamp` is written into every token the API signs; a change that must end the sessions
 *   an account already has (disabled, deleted, moved to another maker) bumps it, and a token with an
 *   older stamp is refused.
 * - Every change of what decides an account's rights (role, status, deletion, maker, stamp) notifies
 *   `account_changed` with the id, so each API process drops its cached copy at once. A trigger rather
 *   than the repository: an account changed by hand in psql is covered too.
 */
export class AccountSecurity1763870000000 implements MigrationInterface {
  name = 'AccountSecurity1763870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN security_stamp integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE FUNCTION users_bump_security_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status IS DISTINCT FROM OLD.status
           OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at
           OR NEW.maker_id IS DISTINCT FROM OLD.maker_id THEN
          NEW.security_stamp := OLD.security_stamp + 1;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER users_security_stamp BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION users_bump_security_stamp()`);
    await q.query(`
      CREATE FUNCTION users_notify_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('account_changed', OLD.id::text);
        ELSIF NEW.role IS DISTINCT FROM OLD.role
           OR NEW.status IS DISTINCT FROM OLD.status
           OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at
           OR NEW.maker_id IS DISTINCT FROM OLD.maker_id
           OR NEW.security_stamp IS DISTINCT FROM OLD.security_stamp THEN
          PERFORM pg_notify('account_changed', NEW.id::text);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER users_account_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_notify_account_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_account_changed ON users`);
    await q.query(`DROP FUNCTION users_notify_account_changed()`);
    await q.query(`DROP TRIGGER users_security_stamp ON users`);
    await q.query(`DROP FUNCTION users_bump_security_stamp()`);
    await q.query(`ALTER TABLE users DROP COLUMN security_stamp`);
  }
}
