import { IsBoolean, IsInt, IsISO8601, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Author, Publisher } from '../models';
import { Exists } from './Exists';

/** The body of PUT /v1/books/:id: any field of a book, each validated when present. */
export class UpdateBookRequest {
  @IsOptional() @IsString() @MinLength(2) @MaxLength(255) title?: string;
  @IsOptional() @IsString() @MinLength(2) @MaxLength(10_000) description?: string;
  @IsOptional() @IsISO8601() published_at?: string;
  @IsOptional() @IsBoolean() out_of_print?: boolean;
  @IsOptional() @IsInt() @Exists(() => Author) author_id?: number;
  @IsOptional() @IsInt() @Exists(() => Publisher) publisher_id?: number;
}
