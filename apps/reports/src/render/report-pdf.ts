import { createRequire } from 'node:module';
import { Inject, Injectable } from '@nestjs/common';
import {
  type IsolatedFailureReason,
  IsolatedProcessFailure,
  IsolatedProcessPool,
} from '@governance/platform';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { type ReportContent } from '../content/report-content';
import { drawReportPdf, type PdfJob } from './report-pdf.program';
import { pdfView } from './report-view';

/** A PDF past this size is not a report anyone reads; its drawing is killed. */
export const MAX_PDF_BYTES = 64 * 1024 * 1024;

const FAILURES: Readonly<Record<IsolatedFailureReason, string>> = {
  busy: 'too many PDFs are being drawn',
  timeout: 'drawing the PDF took longer than REPORT_RENDER_TIMEOUT_MS',
  memory: 'drawing the PDF needed more than REPORT_RENDER_MEMORY_MB',
  output_too_large: `the PDF grew past ${MAX_PDF_BYTES / 1024 / 1024} MiB`,
  crashed: 'drawing the PDF failed',
};

/**
 * Draws report PDFs in child processes (IsolatedProcessPool), one per worker slot: pdfkit's layout is
 * synchronous and its pages stay in memory until the end, so a large report drawn in the service's own
 * process would hold its event loop and its heap. The child has a memory limit and a deadline.
 */
@Injectable()
export class PdfRenderer {
  private readonly pool: IsolatedProcessPool;
  private readonly job: PdfJob;
  private readonly maxPages: number;

  constructor(@Inject(REPORTS_CONFIG) config: ReportsConfig) {
    const { concurrency } = config.worker;
    this.pool = new IsolatedProcessPool({
      concurrency,
      queue: concurrency,
      ...config.rendering,
      maxOutputBytes: MAX_PDF_BYTES,
    });
    this.maxPages = config.limits.pages;
    // Resolved here, where the bundle's node_modules are known, and loaded by path in the child.
    this.job = { modules: { pdfkit: createRequire(__filename).resolve('pdfkit') } };
  }

  async render(content: ReportContent): Promise<Buffer> {
    const view = Buffer.from(JSON.stringify(pdfView(content, this.maxPages)), 'utf8');
    try {
      return await this.pool.run(drawReportPdf, this.job, view);
    } catch (error) {
      if (error instanceof IsolatedProcessFailure) throw new Error(FAILURES[error.reason]);
      throw error;
    }
  }
}
