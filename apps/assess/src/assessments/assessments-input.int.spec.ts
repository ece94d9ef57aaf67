import { ASSESS_PATH, AssessHarness, registerSystem, type TestOrganization } from '../testing/assess-harness';

/** Bad input of every kind on every endpoint gets a clear 4xx with the uniform body, and writes nothing. */
describe('assess input validation', () => {
  let harness: AssessHarness;
  let org: TestOrganization;
  let systemId: string;

  beforeAll(async () => {
    harness = await AssessHarness.start();
    org = await harness.createOrganization('free');
    systemId = (await registerSystem(harness, org.id)).systemId;
  });

  afterAll(() => harness.close());

  const expectUniformError = (label: string, response: { statusCode: number; json: <T>() => T }) => {
    expect([label, response.statusCode >= 400 && response.statusCode < 500]).toEqual([label, true]);
    const { error } = response.json<{ error: Record<string, unknown> }>();
    expect([label, Object.keys(error).sort()]).toEqual([label, ['code', 'details', 'message']]);
    expect(typeof error['code'] === 'string' && typeof error['message'] === 'string').toBe(true);
  };

  const valid = () => ({
    system_id: systemId,
    framework: 'EU_AI_ACT',
    document: { title: 'Model card', content: 'We keep logs.' },
  });

  it('lists every bad field at once, nested ones included', async () => {
    const response = await harness.request('POST', `${ASSESS_PATH}/document`, org.apiKey, {
      system_id: 7,
      framework: 'eu_ai_act',
      document: { title: '', content: '', colour: 'blue' },
      priority: 'high',
    });
    expect(response.statusCode).toBe(400);
    const fields = response
      .json<{ error: { details: Array<{ field: string }> } }>()
      .error.details.map((problem) => problem.field);
    expect(new Set(fields)).toEqual(
      new Set([
        'system_id',
        'framework',
        'document.title',
        'document.content',
        'document.colour',
        'priority',
      ]),
    );
  });

  it('answers every malformed POST with a 4xx and the uniform body, and writes nothing', async () => {
    const before = [await harness.count('assess.assessments'), await harness.count('assess.outbox')];
    const bodies: Array<[unknown, number]> = [
      ['{', 400],
      ['', 400],
      ['null', 400],
      ['[]', 400],
      ['"text"', 400],
      ['42', 400],
      [{}, 400],
      [{ ...valid(), system_id: null }, 400],
      [{ ...valid(), system_id: 'x'.repeat(101) }, 400],
      [{ ...valid(), framework: undefined }, 400],
      [{ ...valid(), framework: 'SOC2' }, 400],
      [{ ...valid(), document: undefined }, 400],
      [{ ...valid(), document: 'text' }, 400],
      [{ ...valid(), document: [] }, 400],
      [{ ...valid(), document: { title: 'x' } }, 400],
      [{ ...valid(), document: { content: 'x' } }, 400],
      [{ ...valid(), document: { title: 'x'.repeat(301), content: 'x' } }, 400],
      [{ ...valid(), document: { title: 'a\nb', content: 'x' } }, 400],
      [{ ...valid(), document: { title: 'x', content: 'a\u0000b' } }, 400],
      [{ ...valid(), document: { title: 'x', content: 42 } }, 400],
      [{ ...valid(), document: { title: 'x', content: 'x'.repeat(10 * 1024 * 1024 + 1) } }, 400],
      [{ ...valid(), document: { title: 'x', content: 'x'.repeat(11 * 1024 * 1024 + 1) } }, 413],
      [{ ...valid(), system_id: 'not-a-system-id' }, 404],
      [{ ...valid(), system_id: 'sys_01JAAAAAAAAAAAAAAAAAAAAAAA' }, 404],
    ];
    for (const [index, [body, status]] of bodies.entries()) {
      const response = await harness.request('POST', `${ASSESS_PATH}/document`, org.apiKey, body);
      expectUniformError(`body ${index}`, response);
      expect([`body ${index}`, response.statusCode]).toEqual([`body ${index}`, status]);
    }
    const unknownSystem = await harness.request('POST', `${ASSESS_PATH}/document`, org.apiKey, {
      ...valid(),
      system_id: 'sys_01JAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(unknownSystem.json<{ error: { details: Array<{ field: string }> } }>().error.details).toEqual([
      { field: 'system_id', message: expect.any(String) },
    ]);
    const textPlain = await harness.request('POST', `${ASSESS_PATH}/document`, org.apiKey, undefined, {
      'content-type': 'text/plain',
    });
    expectUniformError('text/plain', textPlain);
    expect(textPlain.statusCode).toBe(415);
    expect([await harness.count('assess.assessments'), await harness.count('assess.outbox')]).toEqual(before);
  });

  it('answers 404 for malformed and unknown assessment ids, and 401 without a key', async () => {
    const paths = [
      `${ASSESS_PATH}/nope`,
      `${ASSESS_PATH}/asmnt_01JAAAAAAAAAAAAAAAAAAAAAAA`,
      `${ASSESS_PATH}/nope/findings`,
      `${ASSESS_PATH}/asmnt_01JAAAAAAAAAAAAAAAAAAAAAAA/findings`,
      `${ASSESS_PATH}/%E0%A4%A`,
    ];
    for (const path of paths) {
      const response = await harness.request('GET', path, org.apiKey);
      expectUniformError(path, response);
      expect([path, response.statusCode]).toEqual([path, path.includes('%E0') ? 400 : 404]);
    }
    for (const [method, path] of [
      ['GET', `${ASSESS_PATH}/templates`],
      ['GET', `${ASSESS_PATH}/asmnt_01JAAAAAAAAAAAAAAAAAAAAAAA`],
      ['POST', `${ASSESS_PATH}/document`],
    ] as const) {
      const response = await harness.request(
        method,
        path,
        undefined,
        method === 'POST' ? valid() : undefined,
      );
      expectUniformError(path, response);
      expect(response.statusCode).toBe(401);
    }
  });
});
