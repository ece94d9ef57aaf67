import { type Static, Type } from '@sinclair/typebox';

/* The telemetry batch is validated by the compiled JSON Schema in telemetry-schema.ts, not by a DTO. */

export const TelemetryAccepted = Type.Object({
  accepted: Type.Integer({ description: 'The number of records accepted: all of them.' }),
});
export type TelemetryAccepted = Static<typeof TelemetryAccepted>;
