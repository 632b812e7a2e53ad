import { Column, DataType, HasMany, Model, Table } from 'sequelize-typescript';
import { Book } from './Book';

@Table({ tableName: 'authors', underscored: true })
export class Author extends Model {
  @Column({ type: DataType.STRING, allowNull: false }) name!: string;
  @Column({ type: DataType.STRING, allowNull: false, unique: true }) email!: string;
  @HasMany(() => Book) books?: Book[];
}
