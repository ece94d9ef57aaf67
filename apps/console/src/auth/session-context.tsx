import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type Permission, roleAllows } from './access';
import { type Me, type Membership } from './session';

export interface Session {
  user: Me['user'];
  organizations: Me['organizations'];
  organization: Membership;
  can(permission: Permission): boolean;
  switchOrganization(id: string): void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({
  me,
  organization,
  onSwitch,
  children,
}: {
  me: Me;
  organization: Membership;
  onSwitch: (id: string) => void;
  children: ReactNode;
}) {
  const session = useMemo<Session>(
    () => ({
      user: me.user,
      organizations: me.organizations,
      organization,
      can: (permission) => roleAllows(organization.role, permission),
      switchOrganization: onSwitch,
    }),
    [me, organization, onSwitch],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The signed-in person, in the organization they work in; only inside the shell. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in shell');
  return session;
}

/** Whether the viewer's role has the permission; controls they cannot use are not shown. */
export function useCan(permission: Permission): boolean {
  return useSession().can(permission);
}
