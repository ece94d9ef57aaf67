import { Injectable } from '@nestjs/common';
import { type Condition, isId, newId } from '@governance/contracts';
import { findFramework } from '@governance/frameworks';
import { policyEventMessage, UnitOfWork } from '@governance/messaging';
import { ApiError, type FieldProblem, ISO_MILLISECONDS, nameConflict, readPage } from '@governance/platform';
import { validateCondition } from '@governance/policy-rules';
import {
  decideEnforcement,
  defaultSeverity,
  importedName,
  importedSeverity,
  parseModeBody,
  parseScope,
  planImport,
} from './policy-rules';
import { policySnapshotEvent, type PolicyRow, toPolicyResponse } from './policy-records';
import { enforcementChangedAudit, frameworkImportedAudit, policyCreatedAudit } from './policy-audit';
import {
  type CreatePolicyDto,
  type FrameworkImportResponse,
  type ListPoliciesQuery,
  type PolicyPageResponse,
  type PolicyResponse,
} from './policy.dto';
import { isNameTaken, PolicyRepository } from './policy.repository';

/** `next_cursor` of the listing: the last policy's creation time and id. */
const LIST_CURSOR = { at: ISO_MILLISECONDS, id: /^pol_[0-9A-HJKMNP-TV-Z]{26}$/ };

/** Policies: custom ones, enforcement changes and framework imports. Every change is announced whole. */
@Injectable()
export class PoliciesService {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async create(organizationId: string, body: CreatePolicyDto): Promise<PolicyResponse> {
    const problems: FieldProblem[] = validateCondition(body.rules, 'rules');
    const scope = body.scope === undefined ? undefined : parseScope(body.scope);
    if (scope && !scope.ok) problems.push(...scope.problems);
    if (problems.length > 0) throw ApiError.validation(problems);
    const now = new Date();
    try {
      const row = await this.unitOfWork.run(async (tx) => {
        await this.policies.lockOrganization(tx.manager, organizationId);
        if (await this.policies.nameExists(tx.manager, organizationId, body.name))
          throw nameConflict('policy', body.name);
        const inserted = await this.policies.insert(tx.manager, {
          id: newId('policy'),
          organization_id: organizationId,
          name: body.name,
          description: body.description ?? null,
          enforcement_mode: body.enforcement_mode,
          status: body.status ?? 'active',
          severity: body.severity ?? defaultSeverity(body.enforcement_mode),
          severity_by_mode: body.severity === undefined,
          rules: body.rules as Condition,
          scope: scope?.ok ? scope.value : { all_systems: true },
          framework: null,
          control: null,
          version: 1,
          created_at: now,
          updated_at: now,
        });
        // A custom policy has no control, so the control arbiter cannot swallow it.
        tx.publish(policyEventMessage(policySnapshotEvent('policy.created', inserted!)));
        tx.audit(policyCreatedAudit(inserted!));
        return inserted!;
      });
      return toPolicyResponse(row);
    } catch (error) {
      if (isNameTaken(error)) throw nameConflict('policy', body.name);
      throw error;
    }
  }

  list(organizationId: string, query: ListPoliciesQuery): Promise<PolicyPageResponse> {
    return readPage(
      query,
      LIST_CURSOR,
      (limit, after) => this.policies.list(organizationId, query, limit, after),
      (row) => ({ at: row.created_at.toISOString(), id: row.id }),
      toPolicyResponse,
    );
  }

  async get(organizationId: string, id: string): Promise<PolicyResponse> {
    const row = isId('policy', id) ? await this.policies.find(organizationId, id) : undefined;
    if (!row) throw ApiError.notFound('Policy');
    return toPolicyResponse(row);
  }

  /**
   * Sets the requested mode, or flips it when the body names none; the same mode changes nothing. A
   * severity left to the mode follows it.
   */
  async setEnforcement(organizationId: string, id: string, body: unknown): Promise<PolicyResponse> {
    if (!isId('policy', id)) throw ApiError.notFound('Policy');
    const requested = parseModeBody(body);
    if (!requested.ok) throw ApiError.validation(requested.problems);
    const row = await this.unitOfWork.run(async (tx) => {
      const current = await this.policies.find(organizationId, id, tx.manager);
      if (!current) throw ApiError.notFound('Policy');
      const decision = decideEnforcement(current.enforcement_mode, requested.value.mode);
      if (!decision.changed) return current;
      const updated = await this.policies.setEnforcementMode(
        tx.manager,
        organizationId,
        id,
        decision.mode,
        defaultSeverity(decision.mode),
        new Date(),
      );
      tx.publish(policyEventMessage(policySnapshotEvent('policy.updated', updated)));
      tx.audit({ ...enforcementChangedAudit(current, updated), reason: requested.value.reason });
      return updated;
    });
    return toPolicyResponse(row);
  }

  /**
   * A policy for each control of the framework with a runtime policy not imported yet. Imports of one
   * organization run one at a time (advisory lock); the unique (organization, control) index backs that up.
   */
  async importFramework(
    organizationId: string,
    key: string,
    body: unknown,
  ): Promise<FrameworkImportResponse> {
    const framework = findFramework(key.toUpperCase());
    if (!framework) throw ApiError.notFound('Framework');
    const requested = parseModeBody(body);
    if (!requested.ok) throw ApiError.validation(requested.problems);
    const mode = requested.value.mode ?? 'WARN';
    const now = new Date();
    const outcome = await this.unitOfWork.run(async (tx) => {
      await this.policies.lockOrganization(tx.manager, organizationId);
      const imported = await this.policies.importedControls(tx.manager, organizationId, framework.key);
      const plan = planImport(framework, imported);
      const created: PolicyRow[] = [];
      for (const candidate of plan.create) {
        const taken = await this.policies.nameExists(tx.manager, organizationId, candidate.template.name);
        const name = importedName(candidate, taken);
        if (taken && (await this.policies.nameExists(tx.manager, organizationId, name)))
          throw nameConflict('policy', name);
        const row = await this.policies.insert(tx.manager, {
          id: newId('policy'),
          organization_id: organizationId,
          name,
          description: candidate.template.description,
          enforcement_mode: mode,
          status: 'active',
          severity: importedSeverity(candidate.template),
          severity_by_mode: false,
          rules: candidate.template.rules,
          scope: { all_systems: true },
          framework: framework.key,
          control: candidate.control,
          version: 1,
          created_at: now,
          updated_at: now,
        });
        if (!row) continue;
        tx.publish(policyEventMessage(policySnapshotEvent('policy.created', row)));
        tx.audit(policyCreatedAudit(row));
        created.push(row);
      }
      if (created.length > 0) tx.audit(frameworkImportedAudit(organizationId, framework.key, mode, created));
      return { created, alreadyImported: plan.alreadyImported };
    });
    return {
      framework: framework.key,
      created: outcome.created.map(toPolicyResponse),
      already_imported: outcome.alreadyImported,
      created_count: outcome.created.length,
      already_imported_count: outcome.alreadyImported.length,
    };
  }
}
