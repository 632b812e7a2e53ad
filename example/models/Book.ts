import { BelongsTo, Column, DataType, ForeignKey, HasMany, Model, Table } from 'sequelize-typescript';
import { Author } from './Author';
import { Comment } from './Comment';
import { Publisher } from './Publisher';

@Table({ tableName: 'books', underscored: true })
export class Book extends Model {
  @Column({ type: DataType.STRING, allowNull: false }) title!: string;
  @Column(DataType.TEXT) description!: string | null;
  @Column(DataType.DATE) publishedAt!: Date | null;
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false }) outOfPrint!: boolean;
  @ForeignKey(() => Author) @Column({ type: DataType.INTEGER, allowNull: false }) authorId!: number;
  @ForeignKey(() => Publisher) @Column({ type: DataType.INTEGER, allowNull: false }) publisherId!: number;
  @BelongsTo(() => Author) author?: Author;
  @BelongsTo(() => Publisher) publisher?: Publisher;
  @HasMany(() => Comment) comments?: Comment[];
}
