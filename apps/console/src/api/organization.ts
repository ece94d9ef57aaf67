/** The organization the person works in, remembered per browser. */
const STORAGE_KEY = 'governance.console.organization';

let current: string | null = readStored();

function readStored(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The organization every request names in `X-Service-Organization`; null until the person is known. */
export function currentOrganization(): string | null {
  return current;
}

export function setCurrentOrganization(id: string | null): void {
  current = id;
  try {
    if (id) globalThis.localStorage?.setItem(STORAGE_KEY, id);
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
}

/** The remembered organization if the person still belongs to it, else their first (the oldest). */
export function chooseOrganization<T extends { id: string }>(
  organizations: readonly T[],
  remembered: string | null,
): T | undefined {
  return organizations.find((organization) => organization.id === remembered) ?? organizations[0];
}
