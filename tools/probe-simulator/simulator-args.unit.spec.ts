import {
  isSilent,
  parseSimulatorArgs,
  probeTargets,
  shiftAt,
  SimulatorArgsError,
  type SimulatorOptions,
} from './simulator-args';

const required = ['--base-url', 'http://localhost:8080/', '--api-key', 'key_abc.secret'];

function parse(...args: string[]): SimulatorOptions {
  const options = parseSimulatorArgs([...required, ...args]);
  if (options === 'help') throw new Error('unexpected help');
  return options;
}

describe('parseSimulatorArgs', () => {
  it('fills defaults around the required flags', () => {
    expect(parse()).toEqual({
      probes: 1,
      rate: 10,
      baseUrl: 'http://localhost:8080',
      apiKey: 'key_abc.secret',
      durationSeconds: 60,
      heartbeatEverySeconds: 30,
      batchSize: 10,
      driftAfterSeconds: null,
      driftShift: 1,
      silenceAfterSeconds: null,
      silentProbes: 0,
      shadow: false,
      seed: null,
      systems: [],
    });
  });

  it('reads every option', () => {
    expect(
      parse(
        '--probes',
        '5',
        '--rate',
        '2.5',
        '--duration',
        '30',
        '--heartbeat-every',
        '5',
        '--batch-size',
        '50',
        '--drift-after',
        '10',
        '--drift-shift',
        '0.5',
        '--silence-after',
        '20',
        '--silent-probes',
        '2',
        '--shadow',
        '--seed',
        '42',
      ),
    ).toMatchObject({
      probes: 5,
      rate: 2.5,
      durationSeconds: 30,
      heartbeatEverySeconds: 5,
      batchSize: 50,
      driftAfterSeconds: 10,
      driftShift: 0.5,
      silenceAfterSeconds: 20,
      silentProbes: 2,
      shadow: true,
      seed: 42,
      systems: [],
    });
  });

  it('defaults the batch to one second of records, within the service limit', () => {
    expect(parse('--rate', '0.2').batchSize).toBe(1);
    expect(parse('--rate', '5000').batchSize).toBe(1000);
  });

  it('answers help', () => {
    expect(parseSimulatorArgs(['--help'])).toBe('help');
  });

  it.each([
    [[], '--base-url is required'],
    [['--base-url', 'localhost:8080', '--api-key', 'k'], 'http or https'],
    [['--base-url', 'nope', '--api-key', 'k'], 'must be a URL'],
    [['--base-url', 'http://x'], '--api-key is required'],
    [[...required, '--probes', '0'], '--probes'],
    [[...required, '--probes', '1.5'], '--probes'],
    [[...required, '--rate', '0'], '--rate'],
    [[...required, '--rate', 'fast'], '--rate'],
    [[...required, '--batch-size', '1001'], 'at most 1000'],
    [[...required, '--silence-after', '5'], 'go together'],
    [[...required, '--silence-after', '5', '--silent-probes', '2'], 'cannot exceed'],
    [[...required, '--unknown'], 'Unknown option'],
    [[...required, 'positional'], 'positional'],
  ])('refuses %j', (args, message) => {
    expect(() => parseSimulatorArgs(args)).toThrow(SimulatorArgsError);
    expect(() => parseSimulatorArgs(args)).toThrow(message);
  });
});

describe('run plan', () => {
  it('shifts the distributions from --drift-after on', () => {
    const options = parse('--drift-after', '10', '--drift-shift', '0.7');
    expect(shiftAt(options, 9.99)).toBe(0);
    expect(shiftAt(options, 10)).toBe(0.7);
    expect(shiftAt(parse(), 1000)).toBe(0);
  });

  it('silences the first K probes from --silence-after on', () => {
    const options = parse('--probes', '3', '--silence-after', '5', '--silent-probes', '2');
    expect(isSilent(options, 0, 4.9)).toBe(false);
    expect(isSilent(options, 0, 5)).toBe(true);
    expect(isSilent(options, 1, 6)).toBe(true);
    expect(isSilent(options, 2, 60)).toBe(false);
  });
});

describe('probeTargets', () => {
  const ID = 'sys_01JAAAAAAAAAAAAAAAAAAAAAAA';

  it('attaches probes to the given systems in turn, by id or by name', () => {
    expect(probeTargets(3, [ID, 'Claims triage bot'], [])).toEqual([
      { system_id: ID },
      { system_name: 'Claims triage bot' },
      { system_id: ID },
    ]);
  });

  it("attaches to the organization's systems when none are given", () => {
    expect(probeTargets(2, [], [{ id: ID }])).toEqual([{ system_id: ID }, { system_id: ID }]);
  });

  it('simulates a system per probe only when there is none to attach to', () => {
    expect(probeTargets(2, [], [])).toEqual([
      { system_name: 'Simulated system 1' },
      { system_name: 'Simulated system 2' },
    ]);
  });

  it('reads --system, repeated', () => {
    expect(parse('--system', ID, '--system', ' Claims triage bot ').systems).toEqual([
      ID,
      'Claims triage bot',
    ]);
  });
});
