import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unique file names for uploads (SPEC.md §5, issue 21 point 4): every file an area imported, by name
 * and content, so that a second upload of one is refused (naming when and by whom) unless staff confirm
 * a re-import. One table for every area (products now, deposits next): `libs/domain` uploads/.
 */
export class ImportedFiles1763920000000 implements MigrationInterface {
  name = 'ImportedFiles1763920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE imported_files (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        area varchar(20) NOT NULL CHECK (area IN ('products', 'deposits')),
        -- As uploaded (its first 255 characters), and as compared: NFC, lower case (fileNameKey).
        file_name varchar(255) NOT NULL,
        name_key varchar(255) NOT NULL,
        -- Hex SHA-256 of the file; null for files imported before this table kept it.
        content_sha256 char(64) CHECK (content_sha256 ~ '^[0-9a-f]{64}$'),
        -- The area's own record of the import (a product import's id): one entry each.
        record_id bigint NOT NULL,
        imported_by bigint NOT NULL REFERENCES users(id),
        imported_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (area, record_id)
      )`);
    // The newest import of a name, or of a content, in an area.
    await q.query(`CREATE INDEX imported_files_by_name ON imported_files (area, name_key, id DESC)`);
    await q.query(`CREATE INDEX imported_files_by_content ON imported_files (area, content_sha256, id DESC) WHERE content_sha256 IS NOT NULL`);

    // What a product import needs for the check at apply: its file's hash, and the entry staff confirmed
    // a re-import over at upload (a plain id: that entry may be removed again by a failed apply).
    await q.query(`ALTER TABLE product_imports ADD COLUMN content_sha256 char(64), ADD COLUMN reimport_of bigint`);

    // Product files applied before: their names count from now on. The key is the domain's fileNameKey
    // as of this migration, kept here (a migration must not change with later code), computed in
    // JavaScript rather than by the database's lower(), which follows the database's locale.
    const applied: { id: string; file_name: string }[] = await q.query(`SELECT id, file_name FROM product_imports WHERE status = 'applied'`);
    const key = (name: string) => Array.from(Array.from(name).slice(0, 255).join('').normalize('NFC').toLowerCase()).slice(0, 255).join('');
    await q.query(
      `INSERT INTO imported_files (area, file_name, name_key, record_id, imported_by, imported_at)
       SELECT 'products', p.file_name, k.name_key, p.id, coalesce(p.applied_by, p.created_by), coalesce(p.applied_at, p.updated_at)
       FROM product_imports p JOIN unnest($1::bigint[], $2::text[]) AS k(id, name_key) ON k.id = p.id
       WHERE coalesce(p.applied_by, p.created_by) IS NOT NULL
       ORDER BY coalesce(p.applied_at, p.updated_at), p.id`,
      [applied.map((r) => r.id), applied.map((r) => key(r.file_name))],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product_imports DROP COLUMN reimport_of, DROP COLUMN content_sha256`);
    await q.query(`DROP TABLE imported_files`);
  }
}
