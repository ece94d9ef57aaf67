import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** Text PostgreSQL can hold (no NUL) and people can read: no C0 control but tab and line breaks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** Optional, yet validated whenever present, so an explicit null fails (`IsOptional` would let it by). */
export const Present = (): PropertyDecorator =>
  ValidateIf((_: object, value: unknown) => value !== undefined);

export const REASON_MAX_LENGTH = 500;

/**
 * `reason`: why a person made a risky change (retire, a role, enforcement), optional, kept in the audit
 * entry's `after`. One line or a few of plain text.
 */
export const ChangeReason = (): PropertyDecorator =>
  applyDecorators(
    IsOptional(),
    IsString({ message: 'reason must be a string' }),
    MaxLength(REASON_MAX_LENGTH, { message: `reason must be at most ${REASON_MAX_LENGTH} characters` }),
    Matches(NO_CONTROL_CHARACTERS, { message: 'reason must not contain control characters' }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    JSONSchema({ description: 'Why: recorded in the audit trail with the change.' }),
  );
