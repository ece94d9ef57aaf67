/** The DashboardConfig of this process. */
export const DASHBOARD_CONFIG = Symbol('DASHBOARD_CONFIG');
