import { Injectable } from '@nestjs/common';
import { isId, type KeyScope, newUuidV7 } from '@governance/contracts';
import { issueApiKey, type Principal } from '@governance/auth';
import { tenancyEventMessage, type Transaction, UnitOfWork } from '@governance/messaging';
import { ApiError, ISO_MILLISECONDS, readPage, withIsoDates } from '@governance/platform';
import { actorColumn, actorRefOf } from './actor-ref';
import {
  type ApiKeyPageResponse,
  type ApiKeyResponse,
  type CreateApiKeyDto,
  type CreatedApiKeyResponse,
  type ListApiKeysQuery,
} from './api-key.dto';
import { type ApiKeyRow, ApiKeyRepository } from './api-key.repository';

/** A key works on another service as soon as the call answers: its events are on the bus by then. */
const PUBLISHED = { awaitPublished: true };

/** `next_cursor` of the listing: the last key's creation time and id. */
const LIST_CURSOR = { at: ISO_MILLISECONDS, id: /^key_[0-9A-HJKMNP-TV-Z]{26}$/ };

export function toApiKeyResponse(row: ApiKeyRow): ApiKeyResponse {
  return withIsoDates({ ...row, created_by: actorRefOf(row.created_by) });
}

/** A key as issued: its record, and the `sk_…` token shown once. */
export interface IssuedKey {
  row: ApiKeyRow;
  apiKey: string;
}

/**
 * API keys: issued by owners and admins (and `full` keys) here, and by the operator through the admin API;
 * both go through `issue`, so every key is announced with its scope and recorded in the audit trail alike.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly keys: ApiKeyRepository,
  ) {}

  /** Stores a new key and announces it; `createdBy` is null for the admin API. Never records the secret. */
  async issue(
    tx: Transaction,
    organizationId: string,
    key: { name: string; scope: KeyScope; createdBy: string | null },
  ): Promise<IssuedKey> {
    const issued = issueApiKey();
    const row = await this.keys.insert(tx.manager, {
      id: issued.keyId,
      organizationId,
      secretSha256: issued.secretSha256,
      ...key,
    });
    tx.publish(
      tenancyEventMessage({
        id: newUuidV7(),
        organization_id: organizationId,
        event: 'api_key.created',
        timestamp: row.created_at.toISOString(),
        details: { key_id: row.id, secret_sha256: issued.secretSha256, scope: row.scope },
      }),
    );
    tx.audit({
      organizationId,
      action: 'api_key.created',
      target: { type: 'api_key', id: row.id },
      after: { name: row.name, scope: row.scope },
    });
    return { row, apiKey: issued.apiKey };
  }

  async create(principal: Principal, body: CreateApiKeyDto): Promise<CreatedApiKeyResponse> {
    const { row, apiKey } = await this.unitOfWork.run(
      (tx) =>
        this.issue(tx, principal.organizationId, {
          name: body.name,
          scope: body.scope,
          createdBy: actorColumn(principal.actor),
        }),
      PUBLISHED,
    );
    return { ...toApiKeyResponse(row), api_key: apiKey };
  }

  list(organizationId: string, query: ListApiKeysQuery): Promise<ApiKeyPageResponse> {
    return readPage(
      query,
      LIST_CURSOR,
      (limit, after) => this.keys.list(organizationId, query.include === 'revoked', limit, after),
      (row) => ({ at: row.created_at.toISOString(), id: row.id }),
      toApiKeyResponse,
    );
  }

  /**
   * Revokes an active key; it is refused everywhere once this answers, since every service forgets it when
   * `api_key.revoked` reaches it and the answer waits for the event to be on the bus. A key already revoked
   * is no active key: 404, like an unknown one.
   */
  async revoke(organizationId: string, keyId: string): Promise<void> {
    if (!isId('apiKey', keyId)) throw ApiError.notFound('API key');
    await this.unitOfWork.run(async (tx) => {
      const at = new Date();
      const row = await this.keys.revoke(tx.manager, organizationId, keyId, at);
      if (!row) throw ApiError.notFound('API key');
      tx.publish(
        tenancyEventMessage({
          id: newUuidV7(),
          organization_id: organizationId,
          event: 'api_key.revoked',
          timestamp: at.toISOString(),
          details: { key_id: keyId },
        }),
      );
      tx.audit({
        organizationId,
        action: 'api_key.revoked',
        target: { type: 'api_key', id: keyId },
        before: { name: row.name, scope: row.scope },
      });
    }, PUBLISHED);
  }
}
