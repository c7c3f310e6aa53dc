import type { MailTemplateKey } from '@oms/domain';
import { DataSource, EntityManager } from 'typeorm';

export interface MailTemplateRecord {
  key: MailTemplateKey;
  subject: string;
  body: string;
  updatedAt: Date;
  updatedByName: string | null;
  version: number;
}

const COLUMNS = `t.key, t.subject, t.body, t.updated_at AS "updatedAt", u.name AS "updatedByName", t.version`;

/** The mail templates staff edit (one row per key, made by the migrations); compare-and-set on `version`. */
export class MailTemplateRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(): Promise<MailTemplateRecord[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM mail_templates t LEFT JOIN users u ON u.id = t.updated_by ORDER BY t.key`);
  }

  async get(key: MailTemplateKey, manager?: EntityManager): Promise<MailTemplateRecord | null> {
    const [row] = await (manager ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM mail_templates t LEFT JOIN users u ON u.id = t.updated_by WHERE t.key = $1`, [key]);
    return row ?? null;
  }

  /** False when the template is no longer at `expectedVersion`. */
  async update(manager: EntityManager, key: MailTemplateKey, expectedVersion: number, write: { subject: string; body: string }, userId: string): Promise<boolean> {
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE mail_templates SET subject = $3, body = $4, updated_by = $5, updated_at = now(), version = version + 1
        WHERE key = $1 AND version = $2 RETURNING key`,
      [key, expectedVersion, write.subject, write.body, userId],
    );
    return rows.length === 1;
  }
}
