import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';

/*
 * The telemetry batch of apps/probe-ingest written as class-validator DTOs, as the global
 * RequestValidationPipe would validate it: only for bench:validation, to weigh it against the compiled
 * Ajv schema the service uses. Same rules, as far as class-validator can say them; the maps (metrics,
 * labels) need custom validators since class-validator has no rule for an object's values.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validMap(
  value: unknown,
  maxEntries: number,
  minEntries: number,
  accepts: (entry: unknown) => boolean,
): boolean {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  if (keys.length < minEntries || keys.length > maxEntries) return false;
  return keys.every(
    (key) => key.length >= 1 && key.length <= 128 && PRINTABLE.test(key) && accepts(value[key]),
  );
}

const MetricsMap = () =>
  ValidateBy({
    name: 'metricsMap',
    validator: {
      validate: (value) =>
        validMap(value, 200, 1, (entry) => typeof entry === 'number' && Number.isFinite(entry)),
      defaultMessage: () => 'metrics must map 1 to 200 names (≤ 128 characters) to finite numbers',
    },
  });

const LabelsMap = () =>
  ValidateBy({
    name: 'labelsMap',
    validator: {
      validate: (value) =>
        validMap(
          value,
          64,
          0,
          (entry) => typeof entry === 'string' && entry.length <= 1024 && PRINTABLE.test(entry),
        ),
      defaultMessage: () => 'labels must map up to 64 names to strings',
    },
  });

export class TelemetryRecordDto {
  @IsISO8601({ strict: true })
  @MaxLength(64)
  timestamp!: string;

  @IsOptional()
  @Matches(/^sys_[0-9A-HJKMNP-TV-Z]{26}$/)
  system_id?: string;

  @IsObject()
  @MetricsMap()
  metrics!: Record<string, number>;

  @IsOptional()
  @IsObject()
  @LabelsMap()
  labels?: Record<string, string>;

  @IsOptional()
  @IsString()
  @Length(1, 256)
  @Matches(PRINTABLE)
  model?: string;

  @IsOptional()
  @Matches(/^sha256:[0-9a-f]{64}$/)
  input_hash?: string;

  @IsOptional()
  @IsString()
  @Length(1, 2048)
  @Matches(PRINTABLE)
  observed_endpoint?: string;
}

export class TelemetryBatchDto {
  @Matches(/^prb_[0-9A-HJKMNP-TV-Z]{26}$/)
  probe_id!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TelemetryRecordDto)
  records!: TelemetryRecordDto[];
}
