import { Column, Entity, PrimaryColumn } from 'typeorm';
import { decimalToNumber } from '../../database/columns.js';

/** One of the 12 fixed categories (ids 1-12 come from the seed, not from auto-increment). */
@Entity('service_categories')
export class ServiceCategory {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 50, unique: true })
  slug!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 100 })
  nameAr!: string;

  @Column({ type: 'varchar', length: 500 })
  description!: string;

  @Column({ type: 'varchar', length: 500 })
  descriptionAr!: string;

  @Column({ type: 'varchar', length: 50 })
  icon!: string;

  @Column({ type: 'varchar', length: 7 })
  color!: string;

  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: decimalToNumber })
  startingPrice!: number;

  @Column({ type: 'int' })
  sortOrder!: number;
}
