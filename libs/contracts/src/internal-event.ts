/**
 * The shape of every internal event: like a public record, minus severity. `Details` maps each event type
 * of one internal topic to its details, so a consumer's `switch (record.event)` narrows `details`.
 */
export type InternalEventRecord<Details> = {
  [T in keyof Details & string]: {
    id: string;
    organization_id: string;
    event: T;
    /** ISO 8601 UTC */
    timestamp: string;
    details: Details[T];
  };
}[keyof Details & string];
