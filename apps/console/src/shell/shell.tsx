import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { chooseOrganization, currentOrganization, setCurrentOrganization } from '../api/organization';
import { ApiProblem } from '../api/problem';
import { ROLE_LABELS } from '../auth/access';
import { ME_KEY, useMe, useSignOut } from '../auth/session';
import { SessionProvider, useSession } from '../auth/session-context';
import { Button } from '../design/button';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { BrandMark } from './brand';
import { navigationFor } from './navigation';
import styles from './shell.module.css';

/** Everything a signed-in person sees: navigation, organization switcher, sign out, and the page. */
export function Shell() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [organizationId, setOrganizationId] = useState(currentOrganization);

  // Each navigation counts as activity for the session's idle deadline (the first is the query's own fetch).
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: ME_KEY });
  }, [location.pathname, queryClient]);

  const switchOrganization = useCallback(
    (id: string) => {
      setCurrentOrganization(id);
      setOrganizationId(id);
      // Everything but the person belongs to the organization left.
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
      void navigate('/');
    },
    [navigate, queryClient],
  );

  if (me.isPending) return <Loading label="Opening the console…" />;
  if (me.isError) {
    if (me.error instanceof ApiProblem && me.error.status === 401)
      return (
        <Navigate to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} replace />
      );
    return (
      <ErrorState
        error={me.error}
        title="The console could not load your account"
        onRetry={() => void me.refetch()}
      />
    );
  }
  const organization = chooseOrganization(me.data.organizations, organizationId);
  if (!organization)
    return (
      <EmptyState title="You are not a member of any organization">
        Ask an owner or admin of your organization for an invitation.
      </EmptyState>
    );
  // Before the page's first request, so that it names this organization.
  if (currentOrganization() !== organization.id) setCurrentOrganization(organization.id);

  return (
    <SessionProvider me={me.data} organization={organization} onSwitch={switchOrganization}>
      <Layout />
    </SessionProvider>
  );
}

function Layout() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = useSignOut();
  const items = navigationFor(session.organization.role);
  // On a phone the navigation folds behind a Menu button; opened on one page, it folds on the next.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;
  return (
    <div className={styles.layout}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <aside className={styles.sidebar}>
        <div className={styles.brandRow}>
          <div className={styles.brand}>
            <BrandMark className={styles.brandMark} />
            Governance
          </div>
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls="main-navigation"
            onClick={() => setOpenOn(menuOpen ? null : location.pathname)}
          >
            {menuOpen ? 'Close menu' : 'Menu'}
          </button>
        </div>
        <nav id="main-navigation" className={styles.nav} aria-label="Main" data-open={menuOpen}>
          <ul>
            {items.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end={item.path === '/'} className={styles.navLink}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className={styles.main}>
        <header className={styles.topbar}>
          <div className={styles.switcher}>
            <label htmlFor="organization-switcher">Organization</label>
            <select
              id="organization-switcher"
              value={session.organization.id}
              onChange={(event) => session.switchOrganization(event.target.value)}
            >
              {session.organizations.map((organization) => (
                <option key={organization.id} value={organization.id}>
                  {organization.name}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.user}>
            <div className={styles.userName}>
              <strong>{session.user.name}</strong>
              <span>
                {session.user.email} · {ROLE_LABELS[session.organization.role]}
              </span>
            </div>
            <Button
              size="small"
              disabled={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, { onSettled: () => void navigate('/sign-in', { replace: true }) })
              }
            >
              Sign out
            </Button>
          </div>
        </header>
        <main id="main" className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
