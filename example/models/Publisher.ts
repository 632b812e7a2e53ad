import { Column, DataType, HasMany, Model, Table } from 'sequelize-typescript';
import { Book } from './Book';

@Table({ tableName: 'publishers', underscored: true })
export class Publisher extends Model {
  declare id: number;
  declare createdAt: Date;
  declare updatedAt: Date;
  @Column({ type: DataType.STRING, allowNull: false }) name!: string;
  @HasMany(() => Book) books?: Book[];
}
