import { type DataSource } from 'typeorm';
import { type ReportStorage } from './report-storage';

/** Report files in `reports.report_files`: nothing else to run, backed up with the database. */
export class PostgresReportStorage implements ReportStorage {
  constructor(private readonly dataSource: DataSource) {}

  async put(organizationId: string, reportId: string, content: Buffer): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO reports.report_files (report_id, organization_id, content) VALUES ($1, $2, $3)
       ON CONFLICT (report_id) DO UPDATE SET content = EXCLUDED.content
       WHERE report_files.organization_id = EXCLUDED.organization_id`,
      [reportId, organizationId, content],
    );
  }

  async get(organizationId: string, reportId: string): Promise<Buffer | undefined> {
    const rows = await this.dataSource.query<Array<{ content: Buffer }>>(
      'SELECT content FROM reports.report_files WHERE organization_id = $1 AND report_id = $2',
      [organizationId, reportId],
    );
    return rows[0]?.content;
  }
}
