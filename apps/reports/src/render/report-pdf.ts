import { SEVERITIES, type Severity } from '@governance/contracts';
import PDFDocument from 'pdfkit';
import { type ReportContent } from '../content/report-content';

type Doc = PDFKit.PDFDocument;

const MARGIN = 50;
const FOOTER_SPACE = 30;
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';
const SEVERITY_COLOURS: Record<Severity, string> = {
  CRITICAL: '#a61b1b',
  HIGH: '#d9480f',
  MEDIUM: '#e8a317',
  INFO: '#3b82c4',
};

interface Column {
  header: string;
  width: number;
}

type Font = 'Helvetica' | 'Helvetica-Bold';
type Point = [x: number, y: number];

const percent = (score: number): string => `${Math.round(score * 100)}%`;
const day = (iso: string): string => iso.slice(0, 10);
const scoreColour = (score: number): string =>
  score >= 0.8 ? '#2f9e44' : score >= 0.5 ? '#e8a317' : '#c92a2a';

/** The text column of an A4 page. */
const WIDTH = 595.28 - 2 * MARGIN;

/** Sets the font, size and colour of what is written next. */
const style = (doc: Doc, font: Font, size: number, colour: string): Doc =>
  doc.font(font).fontSize(size).fillColor(colour);

function line(doc: Doc, from: Point, to: Point, width: number, colour: string): void {
  doc
    .moveTo(...from)
    .lineTo(...to)
    .lineWidth(width)
    .strokeColor(colour)
    .stroke();
}

const fits = (doc: Doc, height: number): boolean => doc.y + height <= doc.page.height - MARGIN - FOOTER_SPACE;

/** Starts a new page when `height` more points would run into the footer. */
function ensureSpace(doc: Doc, height: number): void {
  if (!fits(doc, height)) doc.addPage();
}

function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  style(doc.moveDown(0.5), 'Helvetica-Bold', 16, INK).text(text, MARGIN, doc.y);
  doc.moveDown(0.4);
}

function paragraph(doc: Doc, text: string, options: { colour?: string; size?: number } = {}): void {
  style(doc, 'Helvetica', options.size ?? 10, options.colour ?? INK).text(text, MARGIN, doc.y, {
    width: WIDTH,
  });
}

/** A table that repeats its header on every page it spans; rows grow to fit wrapped text. */
function table(doc: Doc, columns: readonly Column[], rows: ReadonlyArray<ReadonlyArray<string>>): void {
  const padding = 4;
  const headers = columns.map((column) => column.header);
  const drawRow = (cells: ReadonlyArray<string>, bold: boolean): void => {
    const font = (): Doc => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    font();
    const cellHeights = cells.map((cell, i) =>
      doc.heightOfString(cell, { width: columns[i]!.width - 2 * padding }),
    );
    const height = Math.max(...cellHeights) + 2 * padding;
    if (!fits(doc, height)) {
      doc.addPage();
      if (!bold) drawRow(headers, true);
      font();
    }
    const top = doc.y;
    let x = MARGIN;
    if (bold) doc.rect(MARGIN, top, WIDTH, height).fill('#eef2f6');
    cells.forEach((cell, index) => {
      const width = columns[index]!.width;
      const colour = (SEVERITIES as readonly string[]).includes(cell)
        ? SEVERITY_COLOURS[cell as Severity]
        : INK;
      doc.fillColor(colour).text(cell, x + padding, top + padding, { width: width - 2 * padding });
      x += width;
    });
    line(doc, [MARGIN, top + height], [MARGIN + WIDTH, top + height], 0.5, RULE);
    doc.x = MARGIN;
    doc.y = top + height;
  };
  drawRow(headers, true);
  for (const row of rows) drawRow(row, false);
  doc.moveDown(0.5);
}

/** Column headers with their widths as fractions of the text column. */
function columnsOf(shares: Record<string, number>): Column[] {
  return Object.entries(shares).map(([header, share]) => ({ header, width: WIDTH * share }));
}

function titlePage(doc: Doc, content: ReportContent): void {
  doc.rect(0, 0, doc.page.width, 12).fill('#243b53');
  doc.y = 200;
  style(doc, 'Helvetica', 12, MUTED).text('AI governance report', MARGIN, doc.y);
  style(doc.moveDown(0.5), 'Helvetica-Bold', 26, INK).text(content.title, { width: WIDTH });
  doc.moveDown(1.5);
  const facts: Array<[string, string]> = [
    ['Organization', content.organization_name ?? content.organization_id],
    ['Report', content.report_id],
    ['Generated', content.generated_at],
    ['Period', content.period ? `${content.period.from} to ${content.period.to}` : 'All time'],
  ];
  if (content.scope.system)
    facts.push(['System', `${content.scope.system.name} (${content.scope.system.system_id})`]);
  if (content.scope.framework) facts.push(['Framework', content.scope.framework]);
  if (content.scope.assessment_id) facts.push(['Assessment', content.scope.assessment_id]);
  for (const [label, value] of facts) {
    style(doc, 'Helvetica-Bold', 11, INK).text(`${label}: `, MARGIN, doc.y, { continued: true });
    doc.font('Helvetica').text(value);
  }
}

/** A horizontal gauge from 0 to 100 % with the score's share filled in its traffic-light colour. */
function scoreGauge(doc: Doc, score: number | null): void {
  const top = doc.y;
  style(doc, 'Helvetica-Bold', 11, INK).text('Average assessment score', MARGIN, top);
  const barTop = doc.y + 6;
  doc.roundedRect(MARGIN, barTop, WIDTH, 18, 4).fill('#e4e7eb');
  if (score !== null) {
    doc
      .roundedRect(MARGIN, barTop, Math.max(4, WIDTH * Math.min(1, Math.max(0, score))), 18, 4)
      .fill(scoreColour(score));
  }
  for (const mark of [0, 0.5, 0.8, 1]) {
    const x = MARGIN + WIDTH * mark;
    line(doc, [x, barTop + 18], [x, barTop + 22], 0.5, MUTED);
  }
  const label = score === null ? 'No completed assessment in this report' : `Score ${percent(score)}`;
  style(doc, 'Helvetica', 10, INK).text(label, MARGIN, barTop + 26);
  doc.moveDown(1);
}

/** Vertical bars, one per severity, labelled with the count above and the severity below. */
function severityChart(doc: Doc, counts: Record<Severity, number>): void {
  const chartHeight = 120;
  ensureSpace(doc, chartHeight + 60);
  style(doc, 'Helvetica-Bold', 11, INK).text('Findings by severity', MARGIN, doc.y);
  const top = doc.y + 16;
  const bottom = top + chartHeight;
  const order: Severity[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'INFO'];
  const max = Math.max(1, ...order.map((severity) => counts[severity]));
  const slot = WIDTH / order.length;
  const barWidth = Math.min(60, slot * 0.6);
  line(doc, [MARGIN, bottom], [MARGIN + WIDTH, bottom], 1, MUTED);
  order.forEach((severity, index) => {
    const height = (counts[severity] / max) * (chartHeight - 14);
    const x = MARGIN + slot * index + (slot - barWidth) / 2;
    if (height > 0) doc.rect(x, bottom - height, barWidth, height).fill(SEVERITY_COLOURS[severity]);
    style(doc, 'Helvetica-Bold', 10, INK).text(String(counts[severity]), x, bottom - height - 13, {
      width: barWidth,
      align: 'center',
    });
    style(doc, 'Helvetica', 9, MUTED).text(severity, x - 10, bottom + 4, {
      width: barWidth + 20,
      align: 'center',
    });
  });
  doc.x = MARGIN;
  doc.y = bottom + 24;
}

function summary(doc: Doc, content: ReportContent): void {
  doc.addPage();
  heading(doc, 'Summary');
  scoreGauge(doc, content.summary.average_score);
  severityChart(doc, content.summary.findings_by_severity);
  const s = content.summary;
  const verdicts = Object.entries(s.verdicts)
    .map(([verdict, count]) => `${verdict} ${count}`)
    .join(', ');
  const tiers = Object.entries(s.systems_by_risk_tier)
    .filter(([, count]) => count > 0)
    .map(([tier, count]) => `${tier} ${count}`)
    .join(', ');
  table(doc, columnsOf({ Measure: 0.45, Value: 0.55 }), [
    ['AI systems', `${s.systems}${tiers ? ` (${tiers})` : ''}`],
    ['Assessments', `${s.assessments}${verdicts ? ` (${verdicts})` : ''}`],
    ['Findings', String(s.findings)],
    ['Policy violations', String(s.policy_violations)],
    ['Drift alerts', String(s.drift_alerts)],
    ['Probe disconnections', String(s.probe_disconnects)],
  ]);
}

function assessments(doc: Doc, content: ReportContent): void {
  heading(doc, 'Assessments');
  if (content.assessments.length === 0)
    return paragraph(doc, 'No completed assessment is in scope.', { colour: MUTED });
  table(
    doc,
    columnsOf({
      Assessment: 0.3,
      System: 0.2,
      Framework: 0.16,
      Verdict: 0.12,
      Score: 0.1,
      Findings: 0.12,
    }),
    content.assessments.map((row) => [
      `${row.assessment_id}\n${day(row.completed_at)}`,
      row.system_name ?? row.system_id ?? 'organization',
      row.framework,
      row.verdict,
      percent(row.score),
      String(row.findings_count),
    ]),
  );
}

function controls(doc: Doc, content: ReportContent): void {
  doc.addPage();
  heading(doc, content.type === 'executive' ? 'Top findings by control' : 'Findings by control');
  if (content.controls.length === 0) return paragraph(doc, 'No findings.', { colour: MUTED });
  for (const control of content.controls) {
    ensureSpace(doc, 90);
    const title = `${control.control}  ${control.control_title}`;
    style(doc, 'Helvetica-Bold', 11, INK).text(title, MARGIN, doc.y, { width: WIDTH });
    style(doc, 'Helvetica-Bold', 9, SEVERITY_COLOURS[control.severity]).text(control.severity);
    if (control.remediation)
      paragraph(doc, `Remediation: ${control.remediation}`, { size: 9, colour: MUTED });
    doc.moveDown(0.3);
    table(
      doc,
      columnsOf({ Severity: 0.14, Finding: 0.56, System: 0.3 }),
      control.findings.map((finding) => [
        finding.severity,
        finding.title,
        finding.system_name || (finding.system_id ?? ''),
      ]),
    );
  }
}

function incidents(doc: Doc, content: ReportContent): void {
  if (content.type === 'assessment') return;
  heading(doc, 'Runtime incidents');
  if (content.incidents.length === 0)
    return paragraph(doc, 'No incidents in this period.', { colour: MUTED });
  table(
    doc,
    columnsOf({ When: 0.2, Severity: 0.14, Event: 0.18, 'What happened': 0.48 }),
    content.incidents.map((incident) => [
      incident.occurred_at.replace('T', ' ').slice(0, 16),
      incident.severity,
      incident.event,
      incident.summary,
    ]),
  );
}

/** Written last, when the page count is known; the bottom margin is lifted so the footer adds no page. */
function pageNumbers(doc: Doc): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footer = { width: WIDTH, align: 'center', lineBreak: false } as const;
    style(doc, 'Helvetica', 8, MUTED).text(
      `Page ${index + 1} of ${range.count}`,
      MARGIN,
      doc.page.height - MARGIN + 10,
      footer,
    );
    doc.page.margins.bottom = bottomMargin;
  }
}

/** The PDF of a report: title page, summary with charts, assessments, findings per control, incidents. */
export function renderPdf(content: ReportContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: content.title, Author: 'AI governance service', Subject: `${content.type} report` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  titlePage(doc, content);
  summary(doc, content);
  assessments(doc, content);
  controls(doc, content);
  incidents(doc, content);
  pageNumbers(doc);
  doc.end();
  return done;
}
