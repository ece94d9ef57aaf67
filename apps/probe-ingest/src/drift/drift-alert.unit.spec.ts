import {
  decideAlert,
  describeDrift,
  driftScores,
  type LayerAlert,
  layerLevel,
  recommendedAction,
} from './drift-alert';
import { type DriftLevel, DETECTION_LAYERS } from './metric-drift';

describe('decideAlert', () => {
  const cases: [LayerAlert, DriftLevel, { fire: 'MEDIUM' | 'HIGH' | null; next: LayerAlert }][] = [
    [null, 'none', { fire: null, next: null }],
    [null, 'MEDIUM', { fire: 'MEDIUM', next: 'MEDIUM' }],
    [null, 'HIGH', { fire: 'HIGH', next: 'HIGH' }],
    ['MEDIUM', 'MEDIUM', { fire: null, next: 'MEDIUM' }],
    ['MEDIUM', 'HIGH', { fire: 'HIGH', next: 'HIGH' }],
    ['HIGH', 'HIGH', { fire: null, next: 'HIGH' }],
    ['HIGH', 'MEDIUM', { fire: null, next: 'HIGH' }],
    ['MEDIUM', 'none', { fire: null, next: null }],
    ['HIGH', 'none', { fire: null, next: null }],
  ];
  it.each(cases)('holding %s, a layer at %s gives %j', (current, level, expected) => {
    expect(decideAlert(current, level)).toEqual(expected);
  });

  it('fires once while drift persists, and again only after the layer re-armed', () => {
    const stream: DriftLevel[] = [
      'none',
      'MEDIUM',
      'MEDIUM',
      'HIGH',
      'MEDIUM',
      'HIGH',
      'none',
      'HIGH',
      'HIGH',
    ];
    let alert: LayerAlert = null;
    const fired: string[] = [];
    for (const level of stream) {
      const decision = decideAlert(alert, level);
      if (decision.fire) fired.push(decision.fire);
      alert = decision.next;
    }
    expect(fired).toEqual(['MEDIUM', 'HIGH', 'HIGH']);
  });
});

describe('layerLevel', () => {
  it('is the worst level among the metrics of a layer', () => {
    expect(layerLevel([])).toBe('none');
    expect(layerLevel(['none', 'MEDIUM', 'none'])).toBe('MEDIUM');
    expect(layerLevel(['HIGH', 'MEDIUM'])).toBe('HIGH');
  });
});

describe('event texts', () => {
  const window = {
    driftScore: 0.84213,
    baselineScore: 0.05127,
    baselineMean: 0.03,
    windowMean: 0.151,
    level: 'HIGH' as const,
  };

  it('rounds the scores and keeps delta = drift_score − baseline_score', () => {
    expect(driftScores(window)).toEqual({ drift_score: 0.8421, baseline_score: 0.0513, delta: 0.7908 });
  });

  it('says which metric moved and how', () => {
    const text = describeDrift('output.toxicity', window, 200);
    expect(text).toContain('output.toxicity');
    expect(text).toContain('mean 0.03 in the baseline, 0.151 over the last 200 values (up)');
    expect(text).toContain('PSI 0.8421');
  });

  it('recommends a different action per layer and severity', () => {
    const actions = DETECTION_LAYERS.flatMap((layer) => [
      recommendedAction(layer, 'MEDIUM'),
      recommendedAction(layer, 'HIGH'),
    ]);
    expect(new Set(actions).size).toBe(6);
  });
});
