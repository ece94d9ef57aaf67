import { newId } from '@governance/contracts';
import { type KafkaMockCluster, type ServiceHarness, startKafkaMockCluster } from '@governance/testing';
import {
  DASHBOARD_PATH,
  DashboardHarness,
  eventually,
  policiesMessage,
  policySnapshot,
  publicMessage,
  systemSnapshot,
  systemsMessage,
} from '../testing/dashboard-harness';

/** The distributed wiring: the read model fed from Kafka topics, internal and public, by one consumer group. */
describe('dashboard projection on Kafka', () => {
  let cluster: KafkaMockCluster;
  let harness: ServiceHarness;

  beforeAll(async () => {
    cluster = await startKafkaMockCluster({ brokers: 1 });
    harness = await DashboardHarness.start({ kafkaBrokers: cluster.bootstrapServers });
  }, 60_000);

  afterAll(async () => {
    await harness.close();
    await cluster.stop();
  });

  it('projects internal and public records from Kafka into the summary', async () => {
    const org = await harness.createOrganization();
    const system = newId('system');
    await harness.publishMessages([
      systemsMessage(
        org.id,
        'system.created',
        systemSnapshot({ system_id: system, name: 'Support Bot', risk_tier: 'limited' }),
      ),
      policiesMessage(org.id, 'policy.created', policySnapshot()),
      publicMessage(
        org.id,
        'drift.detected',
        {
          drift_id: newId('drift'),
          system_name: 'Support Bot',
          drift_score: 0.4,
          baseline_score: 0.1,
          delta: 0.3,
          detection_layer: 'input',
          description: 'd',
          recommended_action: 'r',
        },
        { severity: 'MEDIUM', systemId: system },
      ),
    ]);
    const summary = await eventually(
      async () => {
        const response = await harness.request('GET', `${DASHBOARD_PATH}/summary`, org.apiKey);
        const body = response.json<{
          systems: { total: number };
          policies: { active: number };
          drift_alerts_7d: number;
        }>();
        return body.systems.total === 1 && body.policies.active === 1 && body.drift_alerts_7d === 1 && body;
      },
      30_000,
      'the projection to consume from Kafka',
    );
    expect(summary).toMatchObject({ systems: { by_risk_tier: { limited: 1 } }, policies: { block: 1 } });
    const activity = await harness.request('GET', `${DASHBOARD_PATH}/activity`, org.apiKey);
    expect(activity.json<{ data: Array<{ summary: string }> }>().data.map((entry) => entry.summary)).toEqual([
      'Support Bot drifted on the input layer (PSI 0.40, MEDIUM)',
    ]);
  });
});
