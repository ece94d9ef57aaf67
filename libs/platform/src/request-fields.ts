import { ValidateIf } from 'class-validator';

/** Text PostgreSQL can hold (no NUL) and people can read: no C0 control but tab and line breaks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** Optional, yet validated whenever present, so an explicit null fails (`IsOptional` would let it by). */
export const Present = (): PropertyDecorator =>
  ValidateIf((_: object, value: unknown) => value !== undefined);
