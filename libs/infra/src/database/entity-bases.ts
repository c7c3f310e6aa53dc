import { Column } from 'typeorm';

/*
 * The bookkeeping columns the tables share, declared once. The migrations create them (hand-written,
 * never synchronize), so these must say exactly what they say: timestamptz defaulting to now(),
 * `version` integer defaulting to 1, `deleted_at` nullable.
 */

/** A row written under optimistic locking: `version` is what a client read, `updated_at` when it last changed. */
export abstract class VersionedEntity {
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ type: 'integer', default: 1 })
  version!: number;
}

/** A versioned row that also records when it was created. */
export abstract class AuditedEntity extends VersionedEntity {
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}

/** An audited row deleted softly: `deleted_at` set instead of the row removed. */
export abstract class SoftDeletedEntity extends AuditedEntity {
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
