import { type Static, Type } from '@sinclair/typebox';

export const TelemetryAccepted = Type.Object({
  accepted: Type.Integer({ description: 'The number of records accepted: all of them.' }),
});
export type TelemetryAccepted = Static<typeof TelemetryAccepted>;
