import { type TelemetryRecord } from '@governance/contracts';

/*
 * Seeded random numbers for drift tests, so synthetic streams replay exactly. (The probe simulator in
 * tools/ has its own copy; apps may not import tools.)
 */

export type Rng = () => number;

/** mulberry32 */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
export function normal(rng: Rng): number {
  const u = Math.max(rng(), Number.MIN_VALUE);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** `size` records whose `output.score` is normal(shift, 1) and whose latency_ms never moves. */
export function scoreRecords(rng: Rng, size: number, shift: number): TelemetryRecord[] {
  const timestamp = new Date().toISOString();
  return Array.from({ length: size }, () => ({
    timestamp,
    metrics: { 'output.score': normal(rng) + shift, latency_ms: 100 + 10 * normal(rng) },
  }));
}
