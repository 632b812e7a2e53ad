import { IsBoolean, IsInt, IsISO8601, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Author, Publisher } from '../models';
import { Exists } from './Exists';

/** The body of POST /v1/books, with the field names of the responses. */
export class CreateBookRequest {
  @IsString() @MinLength(2) @MaxLength(255) title!: string;
  @IsOptional() @IsString() @MinLength(2) @MaxLength(10_000) description?: string;
  @IsOptional() @IsISO8601() published_at?: string;
  @IsOptional() @IsBoolean() out_of_print?: boolean;
  @IsInt() @Exists(() => Author) author_id!: number;
  @IsInt() @Exists(() => Publisher) publisher_id!: number;
}
