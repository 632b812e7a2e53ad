import { Author } from './Author';
import { Book } from './Book';
import { BookGenre } from './BookGenre';
import { Comment } from './Comment';
import { Genre } from './Genre';
import { Publisher } from './Publisher';

export { Author, Book, BookGenre, Comment, Genre, Publisher };
export const models = [Author, Publisher, Book, Comment, Genre, BookGenre];
