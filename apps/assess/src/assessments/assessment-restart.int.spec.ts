import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase } from '@governance/testing';
import { MAX_CLAIMS } from './assessment-limits';
import { AssessmentRepository } from './assessment.repository';
import { AssessmentWorker } from './assessment-worker';
import {
  ASSESS_PATH,
  AssessHarness,
  awaitAssessment,
  readOutbox,
  registerSystem,
  type TestOrganization,
} from '../testing/assess-harness';

const STRONG = readFileSync(join(__dirname, '../engine/fixtures/strong-model-card.md'), 'utf8');

/** Queued work lives in Postgres: a new process finishes what a stopped or crashed one left behind. */
describe('assessments across restarts', () => {
  it('completes queued and abandoned assessments in the next process', async () => {
    const database = await createTestDatabase();
    const first = await AssessHarness.start({ database, env: { ASSESS_CLAIM_LEASE_MS: '300' } });
    const org: TestOrganization = await first.createOrganization('free');
    const system = await registerSystem(first, org.id);
    // The first process stops working before anything is queued, as if it went down right after the POSTs.
    await first.service.app.get(AssessmentWorker).beforeApplicationShutdown();
    const post = async (): Promise<string> => {
      const response = await first.request('POST', `${ASSESS_PATH}/document`, org.apiKey, {
        system_id: system.systemId,
        framework: 'EU_AI_ACT',
        document: { title: 'ClaimSense model card', content: STRONG },
      });
      expect(response.statusCode).toBe(202);
      return response.json<{ id: string }>().id;
    };
    const abandonedId = await post();
    const queuedId = await post();
    // A worker that claims and then dies leaves the assessment running under a lease.
    const claimed = await first.service.app.get(AssessmentRepository).claim(1, 300);
    expect(claimed.map((assessment) => assessment.id)).toEqual([abandonedId]);
    const running = (await first.request('GET', `${ASSESS_PATH}/${abandonedId}`, org.apiKey)).json<{
      status: string;
      progress: number;
    }>();
    expect([running.status, running.progress]).toEqual(['running', 10]);
    expect((await first.request('GET', `${ASSESS_PATH}/${queuedId}`, org.apiKey)).json()).toMatchObject({
      status: 'queued',
      progress: 0,
      verdict: null,
      report_url: null,
    });
    await first.close();

    const second = await AssessHarness.start({ database });
    try {
      for (const id of [queuedId, abandonedId]) {
        const result = await awaitAssessment(second, org.apiKey, id);
        expect([result.status, result.progress]).toEqual(['complete', 100]);
      }
      // Each run completed once: one assessment.complete per assessment, no duplicate findings.
      const completes = await readOutbox(second, 'assessment.complete');
      expect(completes.map((entry) => entry.record.details['assessment_id']).sort()).toEqual(
        [queuedId, abandonedId].sort(),
      );
      expect(await second.count('assess.findings')).toBe(2 * 106);
      const [content] = await second.sql.query<Array<{ remaining: number }>>(
        'SELECT count(*)::int AS remaining FROM assess.assessments WHERE content IS NOT NULL',
      );
      expect(content!.remaining).toBe(0);
    } finally {
      await second.close();
      await database.drop();
    }
  });

  it('gives up on an assessment whose workers keep dying, with an error and no events', async () => {
    const harness = await AssessHarness.start();
    try {
      const org = await harness.createOrganization('free');
      const system = await registerSystem(harness, org.id);
      const worker = harness.service.app.get(AssessmentWorker);
      await worker.beforeApplicationShutdown();
      const response = await harness.request('POST', `${ASSESS_PATH}/document`, org.apiKey, {
        system_id: system.systemId,
        framework: 'ISO_42001',
        document: { title: 'Poison', content: STRONG },
      });
      const { id } = response.json<{ id: string }>();
      // Three workers in turn claim it and die before finishing: each lease runs out.
      const repository = harness.service.app.get(AssessmentRepository);
      for (let attempt = 1; attempt <= MAX_CLAIMS; attempt += 1) {
        expect((await repository.claim(1, 1)).map((claimed) => [claimed.id, claimed.claim])).toEqual([
          [id, attempt],
        ]);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      worker.onApplicationBootstrap();
      const result = await awaitAssessment(harness, org.apiKey, id);
      expect(result).toMatchObject({
        status: 'failed',
        error: `The assessment was abandoned after ${MAX_CLAIMS} interrupted attempts`,
        verdict: null,
        report_url: null,
      });
      expect(await harness.count('assess.findings')).toBe(0);
      // No events but the audit trail's: submitted by the key, given up by the service.
      expect(
        (await readOutbox(harness)).map((entry) => [
          entry.eventType,
          entry.record.details['action'],
          entry.record.details['actor_type'],
        ]),
      ).toEqual([
        ['audit.recorded', 'assessment.submitted', 'api_key'],
        ['audit.recorded', 'assessment.failed', 'service'],
      ]);
    } finally {
      await harness.close();
    }
  });

  it('shares the queue between two processes, each assessment run exactly once', async () => {
    const database = await createTestDatabase();
    const one = await AssessHarness.start({ database });
    const two = await AssessHarness.start({ database });
    try {
      const org = await one.createOrganization('free');
      const system = await registerSystem(one, org.id);
      const ids = await Promise.all(
        Array.from({ length: 8 }, async (_, index) => {
          const response = await (index % 2 === 0 ? one : two).request(
            'POST',
            `${ASSESS_PATH}/document`,
            org.apiKey,
            {
              system_id: system.systemId,
              framework: 'ISO_42001',
              document: { title: `Card ${index}`, content: STRONG },
            },
          );
          return response.json<{ id: string }>().id;
        }),
      );
      for (const id of ids) expect((await awaitAssessment(one, org.apiKey, id)).status).toBe('complete');
      const completes = await readOutbox(one, 'assessment.complete');
      expect(completes.map((entry) => entry.record.details['assessment_id']).sort()).toEqual([...ids].sort());
      expect(await one.count('assess.findings')).toBe(8 * 65);
    } finally {
      await two.close();
      await one.close();
      await database.drop();
    }
  });
});
