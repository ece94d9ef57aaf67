import { FRAMEWORK_KEYS, type FrameworkKey } from '@governance/frameworks';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { DOCUMENT_MAX_SIZE, TITLE_MAX_LENGTH } from './assessment-limits';

// PostgreSQL text cannot hold NUL; a title needs no control characters other than tab.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_NUL = /^[^\u0000]*$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000a-\u001f\u007f]*$/;

export const frameworkMessage = { message: `framework must be one of: ${FRAMEWORK_KEYS.join(', ')}` };

export class DocumentDto {
  @IsString()
  @MinLength(1, { message: 'title must not be empty' })
  @MaxLength(TITLE_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'title must not contain control characters' })
  title!: string;

  @IsString()
  @MinLength(1, { message: 'content must not be empty' })
  @MaxLength(DOCUMENT_MAX_SIZE, { message: `content must be at most ${DOCUMENT_MAX_SIZE} characters` })
  @Matches(NO_NUL, { message: 'content must not contain NUL characters' })
  content!: string;
}

export class SubmitDocumentDto {
  @IsString()
  @MinLength(1, { message: 'system_id must not be empty' })
  @MaxLength(100)
  system_id!: string;

  @IsIn(FRAMEWORK_KEYS, frameworkMessage)
  framework!: FrameworkKey;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => DocumentDto)
  document!: DocumentDto;
}
