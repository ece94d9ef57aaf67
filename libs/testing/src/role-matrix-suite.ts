import { type Permission, roleAllows, scopeAllows, SIGNED_IN_PERMISSION } from '@governance/auth';
import { KEY_SCOPES, type KeyScope, ROLES, type Role } from '@governance/contracts';
import { buildOpenApiDocument } from '@governance/platform';
import { type ServiceHarness } from './service-harness';

/** How the suite makes its callers in one organization; by default as identity's events announce them. */
export interface MatrixPeople {
  /** Headers of a signed-in member's browser request (cookies, CSRF token, Origin). */
  member(role: Role): Promise<Record<string, string>>;
  apiKey(scope: KeyScope): Promise<string>;
}

export interface RoleMatrixOptions {
  service: string;
  schema: string;
  start(options: { env: Record<string, string> }): Promise<ServiceHarness>;
  /** Identity, which reads its own tables rather than a replica, makes its people itself. */
  people?(harness: ServiceHarness): Promise<MatrixPeople>;
  /** Tables that change behind the test's back (a consumer's bookkeeping), left out of the counts. */
  ignoredTables?: readonly string[];
}

async function announcedPeople(harness: ServiceHarness): Promise<MatrixPeople> {
  const org = await harness.createOrganization('professional');
  return {
    member: async (role) => (await harness.createMember(org.id, role)).headers,
    apiKey: async (scope) => (await harness.createApiKey(org.id, scope)).apiKey,
  };
}

interface Route {
  method: string;
  /** With every `{parameter}` filled in. */
  url: string;
  permission: Permission;
}

interface Caller {
  label: string;
  allows(permission: Permission): boolean;
  apiKey?: string;
  headers: Record<string, string>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
// Well-formed for every id prefix's pattern, and found nowhere.
const ANY_ID = '01JD5Y2B7C9D1E3F5G7H9J1K3M';

function routesOf(harness: ServiceHarness): Route[] {
  const document = buildOpenApiDocument([harness.service.app]);
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { 'x-permission'?: string }>)
      .filter(([method, operation]) => METHODS.includes(method) && operation['x-permission'])
      .filter(([, operation]) => operation['x-permission'] !== SIGNED_IN_PERMISSION)
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'id' ? `x_${ANY_ID}` : `${name.replace(/Id$/, '')}_${ANY_ID}`,
        ),
        permission: operation['x-permission'] as Permission,
      })),
  );
}

/** Row counts of every table in the schema: what a refused call must leave as it found. */
async function tableCounts(
  harness: ServiceHarness,
  schema: string,
  ignored: readonly string[] = [],
): Promise<Record<string, number>> {
  const tables = await harness.sql.query<Array<{ table_name: string }>>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
    [schema],
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables)
    if (!ignored.includes(table)) counts[table] = await harness.count(`${schema}."${table}"`);
  return counts;
}

/**
 * The whole role × endpoint matrix of one service: every route it documents, called by a member of each
 * role (session cookie, with the console's Origin and CSRF token) and by a key of each scope. A call the
 * permission table allows gets past the guard (neither 401 nor 403); any other gets 403 `forbidden`
 * naming the permission, and no table of the service changes.
 */
export function describeRoleMatrix(options: RoleMatrixOptions): void {
  describe(`${options.service}: every route × every role and key scope`, () => {
    let harness: ServiceHarness;
    let routes: Route[];
    let callers: Caller[];

    beforeAll(async () => {
      // No key-usage report in the middle of the count.
      // Live streams end at once, so an allowed call to one answers like any other.
      harness = await options.start({ env: { KEY_USAGE_REPORT_MS: '3600000', LIVE_STREAM_MAX_MS: '20' } });
      const people = await (options.people ?? announcedPeople)(harness);
      callers = [];
      for (const role of ROLES)
        callers.push({ label: role, allows: (p) => roleAllows(role, p), headers: await people.member(role) });
      for (const scope of KEY_SCOPES)
        callers.push({
          label: `${scope} key`,
          allows: (p) => scopeAllows(scope, p),
          apiKey: await people.apiKey(scope),
          headers: {},
        });
      routes = routesOf(harness);
    });

    afterAll(() => harness?.close());

    const call = (route: Route, caller: Caller) =>
      harness.request(
        route.method as 'GET',
        route.url,
        caller.apiKey,
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        caller.headers,
      );

    it('has routes to check, each with a permission', () => {
      expect(routes.length).toBeGreaterThan(0);
    });

    it('refuses every call the table does not allow with 403, and changes nothing', async () => {
      // Each caller known to the replica first (any call authenticates), so the counts see no replica write.
      for (const caller of callers) await call(routes[0]!, caller);
      const before = await tableCounts(harness, options.schema, options.ignoredTables);
      const wrong: string[] = [];
      let refused = 0;
      for (const route of routes)
        for (const caller of callers.filter((c) => !c.allows(route.permission))) {
          const answer = await call(route, caller);
          refused += 1;
          const body = answer.json<{ error?: { code?: string; details?: { permission?: string } } }>();
          if (
            answer.statusCode !== 403 ||
            body.error?.code !== 'forbidden' ||
            body.error.details?.permission !== route.permission
          )
            wrong.push(`${caller.label} ${route.method} ${route.url}: ${answer.statusCode} ${answer.body}`);
        }
      expect(wrong).toEqual([]);
      expect(await tableCounts(harness, options.schema, options.ignoredTables)).toEqual(before);
      console.log(`${options.service}: ${refused} forbidden calls refused over ${routes.length} routes`);
    });

    it('lets every call the table allows past the guard', async () => {
      const wrong: string[] = [];
      // Leaving the organization last: the callers stay members for every other route.
      const ordered = [...routes].sort(
        (a, b) => Number(a.permission === 'members:leave') - Number(b.permission === 'members:leave'),
      );
      for (const route of ordered)
        for (const caller of callers.filter((c) => c.allows(route.permission))) {
          const answer = await call(route, caller);
          if (answer.statusCode === 401 || answer.statusCode === 403)
            wrong.push(`${caller.label} ${route.method} ${route.url}: ${answer.statusCode} ${answer.body}`);
        }
      expect(wrong).toEqual([]);
    });
  });
}
