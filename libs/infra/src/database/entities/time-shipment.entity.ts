import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One month of the monthly timeline; dates are `YYYY-MM-DD` strings (PostgreSQL `date`). */
@Entity('time_shipments')
export class TimeShipmentEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id!: string;

  @Column({ type: 'char', length: 7 })
  month!: string;

  @Column({ name: 'start_date', type: 'date' })
  startDate!: string;

  @Column({ name: 'finish_date', type: 'date' })
  finishDate!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ type: 'integer', default: 1 })
  version!: number;
}
