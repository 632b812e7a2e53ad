import { BelongsTo, BelongsToMany, Column, DataType, ForeignKey, HasMany, Model, Table } from 'sequelize-typescript';
import { Author } from './Author';
import { BookGenre } from './BookGenre';
import { Comment } from './Comment';
import { Genre } from './Genre';
import { Publisher } from './Publisher';
import { User } from './User';

// `version: true`: Sequelize's optimistic locking; every write, ours or an instance save, raises it.
@Table({ tableName: 'books', underscored: true, version: true })
export class Book extends Model {
  declare id: number;
  declare createdAt: Date;
  declare updatedAt: Date;
  @Column({ type: DataType.STRING, allowNull: false }) title!: string;
  @Column(DataType.TEXT) description!: string | null;
  @Column(DataType.DATE) publishedAt!: Date | null;
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false }) outOfPrint!: boolean;
  @ForeignKey(() => Author) @Column({ type: DataType.INTEGER, allowNull: false }) authorId!: number;
  @ForeignKey(() => Publisher) @Column({ type: DataType.INTEGER, allowNull: false }) publisherId!: number;
  /** A draft is seen only by its editor and by admins (example/policies.ts). */
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false }) draft!: boolean;
  @ForeignKey(() => User) @Column(DataType.INTEGER) editorId!: number | null;
  /** What the library paid, in cents: staff only. */
  @Column(DataType.INTEGER) cost!: number | null;
  declare version: number;
  @BelongsTo(() => Author) author?: Author;
  @BelongsTo(() => Publisher) publisher?: Publisher;
  @HasMany(() => Comment) comments?: Comment[];
  @BelongsToMany(() => Genre, () => BookGenre) genres?: Genre[];
}
