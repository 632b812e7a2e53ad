import { Author } from './Author';
import { Book } from './Book';
import { Comment } from './Comment';
import { Publisher } from './Publisher';

export { Author, Book, Comment, Publisher };
export const models = [Author, Publisher, Book, Comment];
