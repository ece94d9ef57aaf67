import { newId, type TelemetryReceivedDetails } from '@governance/contracts';
import { discoveredSystemName, discoveryCandidates } from './shadow-discovery';

const probeSystem = newId('system');
const other = newId('system');

function batch(records: TelemetryReceivedDetails['records']): TelemetryReceivedDetails {
  return { probe_id: newId('probe'), system_id: probeSystem, received_at: new Date().toISOString(), records };
}

const at = '2026-11-22T10:00:00.000Z';

describe('discoveryCandidates', () => {
  it('finds other system ids and known AI API hosts, once each, in order of appearance', () => {
    const candidates = discoveryCandidates(
      batch([
        { timestamp: at, metrics: {}, observed_endpoint: 'https://api.openai.com/v1/chat', model: 'gpt-4o' },
        { timestamp: at, metrics: {}, system_id: other },
        { timestamp: at, metrics: {}, system_id: other, observed_endpoint: 'api.openai.com' },
        { timestamp: at, metrics: {}, observed_endpoint: 'res1.openai.azure.com' },
      ]),
    );
    expect(candidates).toEqual([
      {
        method: 'observed_endpoint',
        key: 'endpoint:api.openai.com',
        endpointHost: 'api.openai.com',
        vendor: 'OpenAI',
        wildcard: false,
        model: 'gpt-4o',
      },
      { method: 'unknown_system_id', key: `system:${other}`, systemId: other, model: null },
      {
        method: 'observed_endpoint',
        key: 'endpoint:res1.openai.azure.com',
        endpointHost: 'res1.openai.azure.com',
        vendor: 'Azure OpenAI',
        wildcard: true,
        model: null,
      },
    ]);
  });

  it("ignores the probe's own system, ids that are not system ids and hosts that are not AI APIs", () => {
    expect(
      discoveryCandidates(
        batch([
          { timestamp: at, metrics: {}, system_id: probeSystem },
          { timestamp: at, metrics: {}, system_id: 'sys_nope' },
          { timestamp: at, metrics: {}, system_id: newId('probe') },
          { timestamp: at, metrics: {}, observed_endpoint: 'db.internal:5432' },
          { timestamp: at, metrics: {} },
        ]),
      ),
    ).toEqual([]);
  });
});

describe('discoveredSystemName', () => {
  const probe = { probe_id: 'prb_X', host: 'web-1' };
  it('names an unknown system id after the id and the probe host', () => {
    expect(
      discoveredSystemName({ method: 'unknown_system_id', key: 'k', systemId: other, model: null }, probe),
    ).toBe(`Undeclared system ${other} on web-1`);
  });

  it('names endpoint use after the vendor and probe host, with the host when it names a resource', () => {
    const base = { method: 'observed_endpoint' as const, key: 'k', vendor: 'OpenAI', model: null };
    expect(discoveredSystemName({ ...base, endpointHost: 'api.openai.com', wildcard: false }, probe)).toBe(
      'OpenAI API use seen from web-1',
    );
    expect(
      discoveredSystemName(
        { ...base, vendor: 'Azure OpenAI', endpointHost: 'r.openai.azure.com', wildcard: true },
        { probe_id: 'prb_X', host: null },
      ),
    ).toBe('Azure OpenAI API use (r.openai.azure.com) seen from probe prb_X');
  });
});
