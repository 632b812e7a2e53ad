import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsCalendarDate } from '../../src';
import { Author, Publisher } from '../models';
import { Exists } from '../../src';
import { IfPresent } from './IfPresent';

/**
 * The body of POST /v1/books, with the field names of the responses. `description` and
 * `published_at` may be null (their columns are nullable); any other field sent as null is a 422.
 */
export class CreateBookRequest {
  @IsString() @MinLength(2) @MaxLength(255) title!: string;
  @IsOptional() @IsString() @MinLength(2) @MaxLength(10_000) @JSONSchema({ type: ['string', 'null'] }) description?: string | null;
  @IsOptional() @IsCalendarDate() @JSONSchema({ type: ['string', 'null'] }) published_at?: string | null;
  @IfPresent() @IsBoolean() out_of_print?: boolean;
  /** Staff only (example/policies.ts): a draft is seen only by its editor and admins. */
  @IfPresent() @IsBoolean() draft?: boolean;
  /** Staff only: what the library paid, in cents. */
  @IsOptional() @IsInt() @Min(0) @Max(100_000_000) @JSONSchema({ type: ['integer', 'null'] }) cost?: number | null;
  @IsInt() @Exists(() => Author) author_id!: number;
  @IsInt() @Exists(() => Publisher) publisher_id!: number;
}
