import { type AssessmentPage } from './assessment.dto';
import {
  ASSESS_PATH,
  AssessHarness,
  awaitAssessment,
  registerSystem,
  type TestOrganization,
} from '../testing/assess-harness';

const PASSING = [
  '# Governance',
  '',
  'A risk assessment is carried out for every release and each risk is recorded in the risk register.',
].join('\n');

describe('listing assessments', () => {
  let harness: AssessHarness;
  let org: TestOrganization;
  let first: { systemId: string };
  let second: { systemId: string };
  const ids: string[] = [];

  const submit = async (systemId: string, title: string, content = PASSING): Promise<string> => {
    const response = await harness.request('POST', `${ASSESS_PATH}/document`, org.apiKey, {
      system_id: systemId,
      framework: 'NIST_AI_RMF',
      document: { title, content },
    });
    expect(response.statusCode).toBe(202);
    return response.json<{ id: string }>().id;
  };

  const list = async (query = ''): Promise<AssessmentPage> => {
    const response = await harness.request('GET', `${ASSESS_PATH}${query}`, org.apiKey);
    expect(response.statusCode).toBe(200);
    return response.json<AssessmentPage>();
  };

  beforeAll(async () => {
    harness = await AssessHarness.start();
    org = await harness.createOrganization('free');
    first = await registerSystem(harness, org.id);
    second = await registerSystem(harness, org.id);
    // Submitted one after the other: each has its own created_at, the order the list shows.
    ids.push(await submit(first.systemId, 'Policy one'));
    ids.push(await submit(first.systemId, 'Policy two'));
    ids.push(await submit(second.systemId, 'Model card'));
    for (const id of ids) await awaitAssessment(harness, org.apiKey, id);
  });

  afterAll(() => harness.close());

  it('lists newest first, with the same fields as one assessment', async () => {
    const page = await list();
    expect(page.data.map((assessment) => assessment.id)).toEqual([...ids].reverse());
    expect(page.next_cursor).toBeNull();
    const one = await harness.request('GET', `${ASSESS_PATH}/${ids[0]!}`, org.apiKey);
    expect(page.data[2]).toEqual(one.json());
    expect(page.data.map((assessment) => assessment.title)).toEqual([
      'Model card',
      'Policy two',
      'Policy one',
    ]);
  });

  it('filters by system, status and verdict', async () => {
    expect((await list(`?system_id=${first.systemId}`)).data.map((a) => a.id)).toEqual([ids[1], ids[0]]);
    expect((await list(`?system_id=${second.systemId}`)).data.map((a) => a.id)).toEqual([ids[2]]);
    expect((await list('?system_id=sys_01JD5Y2B7C9D1E3F5G7H9J1K3M')).data).toEqual([]);
    expect((await list('?status=complete')).data).toHaveLength(3);
    expect((await list('?status=queued')).data).toEqual([]);
    const { verdict } = (await list()).data[0]!;
    expect((await list(`?verdict=${verdict!}`)).data).toHaveLength(3);
    const other = verdict === 'fail' ? 'pass' : 'fail';
    expect((await list(`?verdict=${other}`)).data).toEqual([]);
  });

  it('pages with a cursor until the last page, which has none', async () => {
    const one = await list('?limit=2');
    expect(one.data.map((a) => a.id)).toEqual([ids[2], ids[1]]);
    expect(one.next_cursor).toEqual(expect.any(String));
    const two = await list(`?limit=2&cursor=${encodeURIComponent(one.next_cursor!)}`);
    expect(two.data.map((a) => a.id)).toEqual([ids[0]]);
    expect(two.next_cursor).toBeNull();
    const filtered = await list(`?limit=1&system_id=${first.systemId}`);
    const rest = await list(
      `?limit=1&system_id=${first.systemId}&cursor=${encodeURIComponent(filtered.next_cursor!)}`,
    );
    expect([...filtered.data, ...rest.data].map((a) => a.id)).toEqual([ids[1], ids[0]]);
  });

  it("shows no other organization's assessments", async () => {
    const other = await harness.createOrganization('free');
    const response = await harness.request('GET', ASSESS_PATH, other.apiKey);
    expect(response.json()).toEqual({ data: [], next_cursor: null });
    const bySystem = await harness.request('GET', `${ASSESS_PATH}?system_id=${first.systemId}`, other.apiKey);
    expect(bySystem.json()).toEqual({ data: [], next_cursor: null });
  });

  it('refuses bad filters and a forged cursor, naming the field', async () => {
    for (const [query, field] of [
      ['?status=done', 'status'],
      ['?verdict=maybe', 'verdict'],
      ['?system_id=claims%00', 'system_id'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?cursor=not-a-cursor', 'cursor'],
    ] as const) {
      const response = await harness.request('GET', `${ASSESS_PATH}${query}`, org.apiKey);
      expect(response.statusCode).toBe(400);
      const { error } = response.json<{ error: { details: Array<{ field: string }> } }>();
      expect(error.details.map((detail) => detail.field)).toContain(field);
    }
  });
});
