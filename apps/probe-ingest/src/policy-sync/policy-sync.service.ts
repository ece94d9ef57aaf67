import { Injectable } from '@nestjs/common';
import { ApiError } from '@governance/platform';
import { ProbeRepository } from '../probes/probe.repository';
import { PolicyReplicaRepository, type ReplicaPolicyRow } from './policy-replica.repository';
import { policySetVersion } from './policy-sync';
import { type PolicySyncResponse, type SyncedPolicy } from './policy-sync.dto';

/** The row's columns are the response's fields, in order; only the timestamp changes type. */
function toSyncedPolicy(row: ReplicaPolicyRow): SyncedPolicy {
  return { ...row, updated_at: row.updated_at.toISOString() };
}

/** What a probe enforces: the active policies of its organization that apply to its system. */
@Injectable()
export class PolicySyncService {
  constructor(
    private readonly policies: PolicyReplicaRepository,
    private readonly probes: ProbeRepository,
  ) {}

  async sync(organizationId: string, probeId: string): Promise<{ etag: string; body: PolicySyncResponse }> {
    const probe = await this.probes.find(organizationId, probeId);
    if (!probe) throw ApiError.notFound('Probe');
    const systemId = probe.system_id;
    const policies = (await this.policies.activeForSystem(organizationId, systemId)).map(toSyncedPolicy);
    const version = policySetVersion(systemId, policies);
    // A strong entity tag of the version.
    return { etag: `"${version}"`, body: { probe_id: probeId, system_id: systemId, version, policies } };
  }
}
