import { readServiceConfig, type ServiceConfig } from '@governance/service';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type DashboardConfig = ServiceConfig<{
  /** How far back `violations_24h` (and the runtime health score) counts policy violations. */
  violationWindowMs: number;
  /** How far back `drift_alerts_7d` (and the runtime health score) counts drift alerts. */
  driftWindowMs: number;
}>;

/** The DashboardConfig of this process. */
export const DASHBOARD_CONFIG = Symbol('DASHBOARD_CONFIG');

export function readDashboardConfig(source: NodeJS.ProcessEnv = process.env): DashboardConfig {
  return readServiceConfig(source, 'dashboard', (env) => ({
    violationWindowMs: env.int('DASHBOARD_VIOLATION_WINDOW_MS', DAY_MS, { min: 1_000 }),
    driftWindowMs: env.int('DASHBOARD_DRIFT_WINDOW_MS', 7 * DAY_MS, { min: 1_000 }),
  }));
}
