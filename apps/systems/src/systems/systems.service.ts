import { LiveChanges } from '@governance/persistence';
import { Injectable } from '@nestjs/common';
import { isId, newId } from '@governance/contracts';
import { publicEventMessage, systemsEventMessage, type Transaction, UnitOfWork } from '@governance/messaging';
import { ApiError, ISO_MILLISECONDS, nameConflict, readPage, withIsoDates } from '@governance/platform';
import { type EntityManager } from 'typeorm';
import { type RegistrationRequest } from '../probes/probe-records';
import { type ProbeRow, ProbeRepository } from '../probes/probe.repository';
import { decideRegistration, planSystemUpdate, type RegistrationDecision, renames } from './system-rules';
import { registrationMergedAudit, systemRegisteredAudit, systemUpdatedAudit } from './system-audit';
import {
  registrationMergedEvent,
  type SystemRow,
  systemRegisteredEvent,
  systemSnapshotEvent,
  toSystemResponse,
} from './system-records';
import {
  type CreateSystemDto,
  type ListSystemsQuery,
  type ProbeResponse,
  type SystemDetailResponse,
  type SystemPageResponse,
  type SystemResponse,
  type UpdateSystemDto,
} from './system.dto';
import { isNameTaken, SystemRepository } from './system.repository';

/** The row without its organization and system; the columns are selected in the response's order. */
function toProbeResponse({ organization_id: _o, system_id: _s, ...probe }: ProbeRow): ProbeResponse {
  return withIsoDates(probe);
}

const SYSTEM_ID = /^sys_[0-9A-HJKMNP-TV-Z]{26}$/;
/** `next_cursor` of the listing: the last system's creation time, or its name, and its id. */
const LIST_CURSORS = {
  time: { at: ISO_MILLISECONDS, id: SYSTEM_ID },
  name: { text: true, id: SYSTEM_ID },
};

/** The systems inventory: registration by people and by probe ingest, edits, listing and detail. */
@Injectable()
export class SystemsService {
  constructor(
    private readonly systems: SystemRepository,
    private readonly probes: ProbeRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly live: LiveChanges,
  ) {}

  async create(organizationId: string, body: CreateSystemDto): Promise<SystemResponse> {
    const now = new Date();
    try {
      const row = await this.unitOfWork.run(
        async (tx) => {
          await this.systems.lockOrganizationNames(tx.manager, organizationId);
          if (await this.systems.findIdByName(tx.manager, organizationId, body.name))
            throw nameConflict('system', body.name);
          return this.insertAndAnnounce(tx, {
            id: newId('system'),
            organization_id: organizationId,
            name: body.name,
            description: body.description ?? null,
            owner: body.owner ?? null,
            vendor: body.vendor ?? null,
            model: body.model ?? null,
            risk_tier: body.risk_tier ?? 'unclassified',
            environment: body.environment ?? null,
            host: body.host ?? null,
            runtime: body.runtime ?? null,
            tags: body.tags ?? [],
            declared: true,
            registration_source: 'api',
            discovery_method: 'manual',
            status: 'active',
            created_at: now,
            updated_at: now,
          });
          // Other services accept the new id once they learn of it from these events: on the bus first.
        },
        { awaitPublished: true },
      );
      this.live.changed(organizationId, 'systems');
      return toSystemResponse(row);
    } catch (error) {
      if (isNameTaken(error)) throw nameConflict('system', body.name);
      throw error;
    }
  }

  list(organizationId: string, query: ListSystemsQuery): Promise<SystemPageResponse> {
    const sort = query.sort ?? '-created_at';
    const byName = sort === 'name' || sort === '-name';
    return readPage(
      query,
      byName ? LIST_CURSORS.name : LIST_CURSORS.time,
      (limit, after) => this.systems.list(organizationId, query, sort, limit, after),
      (row) => ({ at: byName ? row.name : row.created_at.toISOString(), id: row.id }),
      toSystemResponse,
    );
  }

  async get(organizationId: string, id: string): Promise<SystemDetailResponse> {
    const row = isId('system', id) ? await this.systems.find(organizationId, id) : undefined;
    if (!row) throw ApiError.notFound('System');
    const probes = await this.probes.listForSystem(organizationId, id);
    return { ...toSystemResponse(row), probes: probes.map(toProbeResponse) };
  }

  async update(organizationId: string, id: string, body: UpdateSystemDto): Promise<SystemResponse> {
    if (!isId('system', id)) throw ApiError.notFound('System');
    try {
      const row = await this.unitOfWork.run(async (tx) => {
        // Taken before the row lock so a rename waits in the same order as a create.
        if (body.name !== undefined) await this.systems.lockOrganizationNames(tx.manager, organizationId);
        const current = await this.systems.find(organizationId, id, tx.manager);
        if (!current) throw ApiError.notFound('System');
        const plan = planSystemUpdate(current, body);
        if (!plan.ok) throw ApiError.validation(plan.problems);
        if (Object.keys(plan.changes).length === 0) return current;
        if (
          renames(plan.changes) &&
          (await this.systems.findIdByName(tx.manager, organizationId, plan.changes.name, id))
        ) {
          throw nameConflict('system', plan.changes.name);
        }
        const updated = await this.systems.update(tx.manager, organizationId, id, plan.changes, new Date());
        tx.publish(systemsEventMessage(systemSnapshotEvent('system.updated', updated)));
        tx.audit({ ...systemUpdatedAudit(current, updated), reason: body.reason });
        return updated;
      });
      this.live.changed(organizationId, 'systems');
      return toSystemResponse(row);
    } catch (error) {
      if (isNameTaken(error) && body.name !== undefined) throw nameConflict('system', body.name);
      throw error;
    }
  }

  /** A registration probe ingest asked for, under the id it chose (see decideRegistration). */
  async registerRequested(
    tx: Transaction,
    organizationId: string,
    request: RegistrationRequest,
    at: Date,
  ): Promise<RegistrationDecision> {
    await this.systems.lockOrganizationNames(tx.manager, organizationId);
    const decision = decideRegistration({
      idExists: await this.systems.idExists(tx.manager, request.system_id),
      idMergedInto: await this.systems.findMergeTarget(tx.manager, request.system_id),
      sameNameSystemId: await this.systems.findIdByName(tx.manager, organizationId, request.name),
    });
    switch (decision.kind) {
      case 'ignore':
        break;
      case 'merge': {
        await this.systems.recordMerge(tx.manager, {
          requestedSystemId: request.system_id,
          organizationId,
          systemId: decision.into,
        });
        // Probes met under the requested id before this merge follow it too.
        await this.probes.repointSystem(tx.manager, organizationId, request.system_id, decision.into);
        const merge = {
          requested_system_id: request.system_id,
          system_id: decision.into,
          name: request.name,
        };
        tx.publish(systemsEventMessage(registrationMergedEvent(organizationId, merge, at)));
        tx.audit(registrationMergedAudit(organizationId, merge));
        break;
      }
      case 'create': {
        const { system_id: id, ...registered } = request;
        await this.insertAndAnnounce(tx, {
          ...registered,
          id,
          organization_id: organizationId,
          description: null,
          owner: null,
          risk_tier: 'unclassified',
          tags: [],
          status: 'active',
          created_at: at,
          updated_at: at,
        });
        break;
      }
    }
    return decision;
  }

  /** The id probe records of `systemId` are kept under. */
  resolveSystemId(manager: EntityManager, organizationId: string, systemId: string): Promise<string> {
    return this.systems.resolveSystemId(manager, organizationId, systemId);
  }

  private async insertAndAnnounce(tx: Transaction, system: SystemRow): Promise<SystemRow> {
    const row = await this.systems.insert(tx.manager, system);
    tx.publish(publicEventMessage(systemRegisteredEvent(row)));
    tx.publish(systemsEventMessage(systemSnapshotEvent('system.created', row)));
    tx.audit(systemRegisteredAudit(row));
    return row;
  }
}
