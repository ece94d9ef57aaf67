import { useState } from 'react';
import { useCan } from '../auth/session-context';
import { Badge } from '../design/badge';
import { Button } from '../design/button';
import { usePageTitle } from '../design/page-title';
import { SortableHeader, useSortedRows } from '../design/sortable-header';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { PageHeader } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { ConfirmDialog } from '../design/confirm-dialog';
import { type ApiKey, useApiKeys, useRevokeApiKey } from './api-keys.queries';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { SCOPE_LABELS } from './labels';
import styles from './api-keys.module.css';
import { TableScroll } from '../design/table-scroll';

type Column = 'name' | 'scope' | 'created' | 'used' | 'revoked';

function valueOf(key: ApiKey, column: Column) {
  switch (column) {
    case 'name':
      return key.name;
    case 'scope':
      return SCOPE_LABELS[key.scope];
    case 'created':
      return key.created_at;
    case 'used':
      return key.last_used_at;
    case 'revoked':
      return key.revoked_at;
  }
}

export function ApiKeysPage() {
  usePageTitle('API keys');
  const canWrite = useCan('api_keys:write');
  const [includeRevoked, setIncludeRevoked] = useState(false);
  const keys = useApiKeys(includeRevoked);
  const sorted = useSortedRows<ApiKey, Column>(keys.data ?? [], valueOf);
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const closeRevoke = () => {
    revoke.reset();
    setRevoking(null);
  };
  const header = (column: Column, label: string) => (
    <SortableHeader column={column} sort={sorted.sort} onSort={sorted.setSort}>
      {label}
    </SortableHeader>
  );
  const createButton = canWrite && (
    <Button variant="primary" onClick={() => setCreating(true)}>
      Create API key
    </Button>
  );

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys for scripts, CI and probes to call the API as the organization."
        actions={createButton}
      />
      <label className={styles.toolbar}>
        <input
          type="checkbox"
          checked={includeRevoked}
          onChange={(event) => setIncludeRevoked(event.target.checked)}
        />
        Show revoked keys
      </label>
      {keys.isPending ? (
        <Loading label="Loading API keys…" />
      ) : keys.isError ? (
        <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
      ) : sorted.rows.length === 0 ? (
        <EmptyState title="No API keys yet" action={createButton}>
          A key lets a script, a pipeline or a probe call the API without a person signing in.
        </EmptyState>
      ) : (
        <TableScroll>
          <table className={table.table} aria-busy={keys.isFetching}>
            <caption className="visually-hidden">API keys</caption>
            <thead>
              <tr>
                {header('name', 'Name')}
                {header('scope', 'Scope')}
                {header('created', 'Created')}
                {header('used', 'Last used')}
                {includeRevoked && header('revoked', 'Revoked')}
                {canWrite && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {sorted.rows.map((key) => (
                <tr key={key.id} className={key.revoked_at ? styles.revoked : undefined}>
                  <td>
                    <div className={styles.nameCell}>
                      <strong>{key.name}</strong>
                      <span>{key.id}</span>
                    </div>
                  </td>
                  <td>
                    <Badge tone={key.scope === 'full' ? 'warning' : 'neutral'}>
                      {SCOPE_LABELS[key.scope]}
                    </Badge>
                  </td>
                  <td className={table.muted}>
                    <Time value={key.created_at} />
                  </td>
                  <td className={table.muted}>
                    <Time value={key.last_used_at} empty="Never" />
                  </td>
                  {includeRevoked && (
                    <td className={table.muted}>
                      {key.revoked_at ? (
                        <Time value={key.revoked_at} />
                      ) : (
                        <Badge tone="success">Active</Badge>
                      )}
                    </td>
                  )}
                  {canWrite && (
                    <td>
                      <div className={styles.rowActions}>
                        {!key.revoked_at && (
                          <Button
                            size="small"
                            variant="danger"
                            aria-label={`Revoke ${key.name}`}
                            onClick={() => setRevoking(key)}
                          >
                            Revoke
                          </Button>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {canWrite && <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        title={revoking ? `Revoke ${revoking.name}?` : 'Revoke key?'}
        open={revoking !== null}
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: closeRevoke })}
        onClose={closeRevoke}
      >
        Every service refuses the key once it is revoked: whatever uses it stops working. This cannot be
        undone.
      </ConfirmDialog>
    </>
  );
}

export const Component = ApiKeysPage;
