import { newId } from '@governance/contracts';
import { type KafkaMockCluster, type ServiceHarness, startKafkaMockCluster } from '@governance/testing';
import {
  completeDetails,
  eventually,
  findingDetails,
  publicMessage,
  REPORTS_PATH,
  ReportsHarness,
  systemCreated,
  systemSnapshot,
} from '../testing/reports-harness';

/** The distributed wiring: the read model fed from Kafka topics, internal and public, by one consumer group. */
describe('reports read model on Kafka', () => {
  let cluster: KafkaMockCluster;
  let harness: ServiceHarness;

  beforeAll(async () => {
    cluster = await startKafkaMockCluster({ brokers: 1 });
    harness = await ReportsHarness.start({ kafkaBrokers: cluster.bootstrapServers });
  }, 90_000);

  afterAll(async () => {
    await harness.close();
    await cluster.stop();
  });

  it('builds the automatic assessment report from records consumed off Kafka', async () => {
    const org = await harness.createOrganization();
    const system = newId('system');
    const assessment = newId('assessment');
    await harness.publishMessages([
      systemCreated(org.id, systemSnapshot({ system_id: system, name: 'Kafka Bot', risk_tier: 'high' })),
      publicMessage(org.id, 'assessment.complete', completeDetails(assessment, { findings_count: 1 }), {
        severity: 'INFO',
        systemId: system,
      }),
      publicMessage(org.id, 'finding.created', findingDetails(assessment, 'EU_AI_ACT:Art.4'), {
        severity: 'MEDIUM',
        systemId: system,
      }),
    ]);
    const location = await eventually(
      async () => {
        const response = await harness.request(
          'GET',
          `${REPORTS_PATH}/assessments/${assessment}`,
          org.apiKey,
        );
        return response.statusCode === 303 && String(response.headers['location']);
      },
      60_000,
      'the report built from Kafka records',
    );
    const posted = await harness.request('POST', REPORTS_PATH, org.apiKey, {
      type: 'system',
      format: 'json',
      system_id: system,
    });
    expect(posted.statusCode).toBe(202);
    const id = posted.json<{ id: string }>().id;
    const downloadUrl = await eventually(
      async () => {
        const record = (await harness.request('GET', `${REPORTS_PATH}/${id}`, org.apiKey)).json<{
          download_url: string | null;
        }>();
        return record.download_url ?? undefined;
      },
      30_000,
      'the system report',
    );
    const url = new URL(downloadUrl);
    const content = (await harness.request('GET', `${url.pathname}${url.search}`)).json<{
      title: string;
      summary: { findings: number; assessments: number };
    }>();
    expect(content).toMatchObject({
      title: 'System report: Kafka Bot · all time',
      summary: { findings: 1, assessments: 1 },
    });
    expect(location).toContain('/download?expires=');
  }, 120_000);
});
