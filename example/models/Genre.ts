import { BelongsToMany, Column, DataType, Model, Table } from 'sequelize-typescript';
import { Book } from './Book';
import { BookGenre } from './BookGenre';

/** A genre; a book has several, a genre many books (through `book_genres`). */
@Table({ tableName: 'genres', underscored: true })
export class Genre extends Model {
  declare id: number;
  declare createdAt: Date;
  declare updatedAt: Date;
  @Column({ type: DataType.STRING, allowNull: false, unique: true }) name!: string;
  @BelongsToMany(() => Book, () => BookGenre) books?: Array<Book & { BookGenre?: BookGenre }>;
  /** The join row, when the genre was read through a book. */
  declare BookGenre?: BookGenre;
}
