import { HttpStatus, Injectable } from '@nestjs/common';
import { type Condition, isId, newId, type PolicyScope } from '@governance/contracts';
import { findFramework } from '@governance/frameworks';
import { policyEventMessage, UnitOfWork } from '@governance/messaging';
import {
  ApiError,
  ErrorCode,
  type FieldProblem,
  ISO_MILLISECONDS,
  nameConflict,
  readPage,
} from '@governance/platform';
import { validateCondition } from '@governance/policy-rules';
import {
  decideEnforcement,
  defaultSeverity,
  importedName,
  importedSeverity,
  isStaleVersion,
  parseModeBody,
  parseScope,
  planImport,
  planPolicyUpdate,
  renamesAway,
} from './policy-rules';
import { policySnapshotEvent, type PolicyRow, toPolicyResponse } from './policy-records';
import {
  enforcementChangedAudit,
  frameworkImportedAudit,
  policyCreatedAudit,
  policyDeletedAudit,
  policyUpdatedAudit,
} from './policy-audit';
import {
  type CreatePolicyDto,
  type DeletePolicyQuery,
  type UpdatePolicyDto,
  type FrameworkImportResponse,
  type ListPoliciesQuery,
  type PolicyPageResponse,
  type PolicyResponse,
} from './policy.dto';
import { isNameTaken, PolicyRepository } from './policy.repository';

/** `next_cursor` of the listing: the last policy's creation time and id. */
const LIST_CURSOR = { at: ISO_MILLISECONDS, id: /^pol_[0-9A-HJKMNP-TV-Z]{26}$/ };

/**
 * The checks of a policy's rules and scope, whatever writes them: creation and update call this one
 * function, so a check added here holds for both. Absent fields are not checked (an update leaves them).
 */
export function checkRulesAndScope(input: { rules?: unknown; scope?: unknown }): {
  rules?: Condition;
  scope?: PolicyScope;
} {
  const problems: FieldProblem[] = input.rules === undefined ? [] : validateCondition(input.rules, 'rules');
  const scope = input.scope === undefined ? undefined : parseScope(input.scope);
  if (scope && !scope.ok) problems.push(...scope.problems);
  if (problems.length > 0) throw ApiError.validation(problems);
  return { rules: input.rules as Condition | undefined, scope: scope?.ok ? scope.value : undefined };
}

/** 409: the caller's copy of the policy is out of date; nothing was changed. */
function versionConflict(expected: number, current: number): ApiError {
  return new ApiError(
    HttpStatus.CONFLICT,
    ErrorCode.Conflict,
    `The policy changed since version ${expected}: it is at version ${current}. Reload it and try again.`,
    { field: 'version', current_version: current },
  );
}

/**
 * Policies: custom ones, edits, enforcement changes, deletion and framework imports. Every change is
 * announced whole.
 */
@Injectable()
export class PoliciesService {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async create(organizationId: string, body: CreatePolicyDto): Promise<PolicyResponse> {
    const { rules, scope } = checkRulesAndScope(body);
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
          rules: rules!,
          scope: scope ?? { all_systems: true },
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
   * Changes the given fields, checked as at creation. A change of nothing answers the policy as it is; a
   * stale `version` answers 409. Disabling stops enforcement: the new snapshot leaves every probe's set.
   */
  async update(organizationId: string, id: string, body: UpdatePolicyDto): Promise<PolicyResponse> {
    if (!isId('policy', id)) throw ApiError.notFound('Policy');
    const { rules, scope } = checkRulesAndScope(body);
    const patch = {
      name: body.name,
      description: body.description,
      enforcement_mode: body.enforcement_mode,
      status: body.status,
      severity: body.severity,
      rules,
      scope,
    };
    try {
      const row = await this.unitOfWork.run(async (tx) => {
        // Taken before the row lock, so a rename waits in the same order as a creation.
        if (body.name !== undefined) await this.policies.lockOrganization(tx.manager, organizationId);
        const current = await this.policies.find(organizationId, id, tx.manager);
        if (!current) throw ApiError.notFound('Policy');
        if (isStaleVersion(body.version, current.version))
          throw versionConflict(body.version!, current.version);
        // A severity left to the mode follows a change of mode; one chosen here is the policy's own.
        const severity =
          body.severity ??
          (current.severity_by_mode && body.enforcement_mode !== undefined
            ? defaultSeverity(body.enforcement_mode)
            : undefined);
        const severityByMode = body.severity === undefined ? undefined : false;
        const changes = planPolicyUpdate(current, { ...patch, severity, severity_by_mode: severityByMode });
        if (Object.keys(changes).length === 0) return current;
        if (
          renamesAway(current.name, changes) &&
          (await this.policies.nameExists(tx.manager, organizationId, changes.name))
        )
          throw nameConflict('policy', changes.name);
        const updated = await this.policies.update(tx.manager, organizationId, id, changes, new Date());
        tx.publish(policyEventMessage(policySnapshotEvent('policy.updated', updated)));
        tx.audit(policyUpdatedAudit(current, updated, body.reason));
        return updated;
      });
      return toPolicyResponse(row);
    } catch (error) {
      if (isNameTaken(error) && body.name !== undefined) throw nameConflict('policy', body.name);
      throw error;
    }
  }

  /**
   * Deletes the policy: it leaves every list, read and probe's set, and is no longer enforced. The row stays
   * (marked deleted) so the violations and audit entries that name it keep their meaning; the name is free.
   */
  async delete(organizationId: string, id: string, query: DeletePolicyQuery): Promise<void> {
    if (!isId('policy', id)) throw ApiError.notFound('Policy');
    await this.unitOfWork.run(async (tx) => {
      const current = await this.policies.find(organizationId, id, tx.manager);
      if (!current) throw ApiError.notFound('Policy');
      if (isStaleVersion(query.version, current.version))
        throw versionConflict(query.version!, current.version);
      const deleted = await this.policies.markDeleted(tx.manager, organizationId, id, new Date());
      tx.publish(policyEventMessage(policySnapshotEvent('policy.deleted', deleted)));
      tx.audit(policyDeletedAudit(current, query.reason));
    });
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
