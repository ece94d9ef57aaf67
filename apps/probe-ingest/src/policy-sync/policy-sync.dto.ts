import { type Condition, ENFORCEMENT_MODES } from '@governance/contracts';
import { Id, Nullable, StringEnum, Timestamp } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { IsString, Matches } from 'class-validator';

export class PolicySyncQuery {
  @IsString({ message: 'probe_id is required' })
  @Matches(/^prb_[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'probe_id must be a probe id (prb_...)' })
  probe_id!: string;
}

/** A policy as a probe receives it from policy-sync. */
export const SyncedPolicy = Type.Object({
  policy_id: Id('pol'),
  name: Type.String(),
  description: Nullable(Type.String()),
  enforcement_mode: StringEnum(ENFORCEMENT_MODES),
  rules: Type.Unsafe<Condition>({
    type: 'object',
    description: 'The condition over one telemetry record, true when the record violates the policy.',
  }),
  framework: Nullable(Type.String()),
  control: Nullable(Type.String()),
  version: Type.Integer({ description: 'Starts at 1 and grows with every change of the policy.' }),
  updated_at: Timestamp(),
});
export type SyncedPolicy = Static<typeof SyncedPolicy>;

export const PolicySyncResponse = Type.Object({
  probe_id: Id('prb'),
  system_id: Id('sys', 'The system the probe watches; the policies are those that apply to it.'),
  version: Type.String({
    description:
      'Opaque; changes whenever a policy joins or leaves the set or changes. The ETag is this value, quoted.',
  }),
  policies: Type.Array(SyncedPolicy),
});
export type PolicySyncResponse = Static<typeof PolicySyncResponse>;
