import type { operations } from '../api/schema';

type AuditEntry = operations['Audit_list']['responses'][200]['content']['application/json']['data'][number];
type ChainVerdict = operations['Audit_verify']['responses'][200]['content']['application/json'];

export const ACTOR_TYPE_LABELS: Readonly<Record<AuditEntry['actor_type'], string>> = {
  user: 'Person',
  api_key: 'API key',
  service: 'Service',
};

type Broken = Extract<ChainVerdict, { ok: false }>['first_broken'];

export const BROKEN_REASONS: Readonly<Record<Broken['reason'], string>> = {
  hash_mismatch: 'its hash does not match its content',
  missing_entry: 'the entry is missing',
  previous_hash_mismatch: 'it does not name the hash of the entry before it',
};

/** The verdict in a sentence: how much was checked, or where the chain first breaks. */
export function verdictSentence(verdict: ChainVerdict): string {
  if (verdict.ok) {
    const from = verdict.checkpoint ? ` from the retention checkpoint (#${verdict.checkpoint.seq})` : '';
    return `${verdict.entries} entr${verdict.entries === 1 ? 'y' : 'ies'} recomputed${from} up to #${verdict.head.seq}; every hash matches.`;
  }
  const { seq, id, reason } = verdict.first_broken;
  return `The first broken link is entry #${seq}${id ? ` (${id})` : ''}: ${BROKEN_REASONS[reason]}.`;
}

/** A `datetime-local` value (the viewer's zone) as the API's instant, or undefined when empty or invalid. */
export function instantFrom(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
