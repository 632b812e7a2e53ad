import { Author } from './Author';
import { Book } from './Book';
import { BookGenre } from './BookGenre';
import { Comment } from './Comment';
import { Genre } from './Genre';
import { Publisher } from './Publisher';
import { User } from './User';

export { Author, Book, BookGenre, Comment, Genre, Publisher, User };
export const models = [Author, Publisher, Book, Comment, Genre, BookGenre, User];
