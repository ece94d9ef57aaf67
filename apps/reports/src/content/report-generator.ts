import { Injectable } from '@nestjs/common';
import { renderCsv } from '../render/report-csv';
import { PdfRenderer } from '../render/report-pdf';
import {
  buildReportContent,
  type ReportContent,
  type ReportFormat,
  type ReportSpec,
  selectAssessments,
} from './report-content';
import { ReportSourceRepository } from './report-source.repository';

/** Loads a report's rows from the read model, builds its content and renders it in the asked format. */
@Injectable()
export class ReportGenerator {
  constructor(
    private readonly source: ReportSourceRepository,
    private readonly pdf: PdfRenderer,
  ) {}

  async content(spec: ReportSpec, generatedAt: Date): Promise<ReportContent> {
    const { organizationId } = spec;
    // An assessment report's other fields are its assessment's own (or null), so the spec is the scope.
    const [systems, candidates] = await Promise.all([
      this.source.systems(organizationId),
      this.source.assessments(organizationId, spec),
    ]);
    const assessments = selectAssessments(spec, candidates.rows);
    // An assessment report is about one document's assessment; runtime incidents belong to the others.
    const withIncidents = spec.type !== 'assessment';
    const [findings, incidents, incidentCounts, organizationName] = await Promise.all([
      this.source.findings(
        organizationId,
        assessments.map((assessment) => assessment.assessment_id),
      ),
      withIncidents ? this.source.incidents(organizationId, spec) : [],
      withIncidents ? this.source.incidentCounts(organizationId, spec) : {},
      this.source.organizationName(organizationId),
    ]);
    return buildReportContent(
      spec,
      {
        systems,
        assessments,
        assessmentsTotal: candidates.total,
        findings: findings.rows,
        findingCounts: findings.bySeverity,
        incidents,
        incidentCounts,
        organizationName,
      },
      generatedAt,
    );
  }

  async render(spec: ReportSpec, format: ReportFormat, generatedAt: Date): Promise<Buffer> {
    const content = await this.content(spec, generatedAt);
    switch (format) {
      case 'pdf':
        return this.pdf.render(content);
      case 'csv':
        return renderCsv(content);
      case 'json':
        return Buffer.from(`${JSON.stringify(content, null, 2)}\n`, 'utf8');
    }
  }
}
