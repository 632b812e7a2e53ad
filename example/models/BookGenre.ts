import { Column, DataType, ForeignKey, Model, Table } from 'sequelize-typescript';
import { Book } from './Book';
import { Genre } from './Genre';

/** The join table of books and genres; `primary` marks a book's main genre (a through attribute). */
@Table({ tableName: 'book_genres', underscored: true, timestamps: false })
export class BookGenre extends Model {
  @ForeignKey(() => Book) @Column({ type: DataType.INTEGER, allowNull: false, primaryKey: true }) bookId!: number;
  @ForeignKey(() => Genre) @Column({ type: DataType.INTEGER, allowNull: false, primaryKey: true }) genreId!: number;
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false }) primary!: boolean;
}
