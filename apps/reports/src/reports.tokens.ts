/** The ReportsConfig of this process. */
export const REPORTS_CONFIG = Symbol('REPORTS_CONFIG');
