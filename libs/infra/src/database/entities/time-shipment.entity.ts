import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AuditedEntity } from '../entity-bases';

/** One month of the monthly timeline; dates are `YYYY-MM-DD` strings (PostgreSQL `date`). */
@Entity('time_shipments')
export class TimeShipmentEntity extends AuditedEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id!: string;

  @Column({ type: 'char', length: 7 })
  month!: string;

  @Column({ name: 'start_date', type: 'date' })
  startDate!: string;

  @Column({ name: 'finish_date', type: 'date' })
  finishDate!: string;
}
