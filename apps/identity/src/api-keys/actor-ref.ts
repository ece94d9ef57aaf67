import { ID_PREFIXES } from '@governance/contracts';
import { type Principal } from '@governance/auth';

export const ACTOR_REF_TYPES = ['user', 'api_key'] as const;

/** A person or a key, as a response names who created something. */
export interface ActorRef {
  type: (typeof ACTOR_REF_TYPES)[number];
  id: string;
}

/** What a `created_by`/`invited_by` column holds for the request's actor: its prefixed id. */
export const actorColumn = (actor: Principal['actor']): string => actor.id;

/** The column read back; null (the admin API, or a key issued before keys had creators) stays null. */
export function actorRefOf(column: string | null): ActorRef | null {
  if (column?.startsWith(`${ID_PREFIXES.user}_`)) return { type: 'user', id: column };
  if (column?.startsWith(`${ID_PREFIXES.apiKey}_`)) return { type: 'api_key', id: column };
  return null;
}
