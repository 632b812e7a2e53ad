import { BelongsTo, Column, DataType, ForeignKey, Model, Table } from 'sequelize-typescript';
import { Book } from './Book';

@Table({ tableName: 'comments', underscored: true })
export class Comment extends Model {
  declare id: number;
  declare createdAt: Date;
  declare updatedAt: Date;
  @ForeignKey(() => Book) @Column({ type: DataType.INTEGER, allowNull: false }) bookId!: number;
  @Column({ type: DataType.TEXT, allowNull: false }) body!: string;
  @Column(DataType.INTEGER) rating!: number | null;
  /** Flagged by a moderator: seen only by admins (example/policies.ts). */
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false }) flagged!: boolean;
  @BelongsTo(() => Book) book?: Book;
}
