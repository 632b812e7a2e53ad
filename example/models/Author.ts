import { Column, DataType, HasMany, Model, Table } from 'sequelize-typescript';
import { Book } from './Book';

@Table({ tableName: 'authors', underscored: true })
export class Author extends Model {
  declare id: number;
  declare createdAt: Date;
  declare updatedAt: Date;
  @Column({ type: DataType.STRING, allowNull: false }) name!: string;
  @Column({ type: DataType.STRING, allowNull: false, unique: true }) email!: string;
  @HasMany(() => Book) books?: Book[];
}
