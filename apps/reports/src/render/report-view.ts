import { RISK_TIERS, type Severity } from '@governance/contracts';
import {
  count,
  frameworkName,
  humanDate,
  humanDateTime,
  humanPeriod,
  percent,
} from '../content/human-format';
import { type ReportContent } from '../content/report-content';

/** One bar or slice of a chart. */
export interface ChartItem {
  label: string;
  count: number;
  colour: string;
}

export type PdfBlock =
  | { kind: 'paragraph'; text: string; muted: boolean }
  | { kind: 'subheading'; text: string; tag: { text: string; colour: string } | null }
  | { kind: 'table'; columns: Array<{ header: string; share: number }>; rows: string[][] };

export interface PdfSection {
  heading: string;
  newPage: boolean;
  blocks: PdfBlock[];
}

/**
 * Everything a report's PDF says, decided here as plain strings and numbers; the drawing process
 * (report-pdf.program.ts) only lays it out. Names and dates are as people read them, never ids.
 */
export interface PdfView {
  title: string;
  subject: string;
  /** The subject cut to fit the footer of every page. */
  footer: string;
  facts: Array<[label: string, value: string]>;
  summary: {
    narrative: string[];
    gauge: { label: string; value: number | null; caption: string };
    verdicts: { title: string; items: ChartItem[] };
    charts: Array<{ title: string; items: ChartItem[] }>;
    figures: Array<[label: string, value: string]>;
  };
  sections: PdfSection[];
  /** Text colours of table cells that hold exactly one of these values (severities). */
  cellColours: Record<string, string>;
  /** The drawing stops at this many pages and says so. */
  maxPages: number;
}

export const SEVERITY_COLOURS: Readonly<Record<Severity, string>> = {
  CRITICAL: '#a61b1b',
  HIGH: '#d9480f',
  MEDIUM: '#e8a317',
  INFO: '#3b82c4',
};
const VERDICT_COLOURS: Readonly<Record<string, string>> = {
  pass: '#2f9e44',
  conditional: '#e8a317',
  fail: '#c92a2a',
};
const TIER_COLOURS: Readonly<Record<string, string>> = {
  unacceptable: '#a61b1b',
  high: '#d9480f',
  limited: '#e8a317',
  minimal: '#2f9e44',
  unclassified: '#9aa5b1',
};
const TIER_LABELS: Readonly<Record<string, string>> = {
  unacceptable: 'Unacceptable',
  high: 'High',
  limited: 'Limited',
  minimal: 'Minimal',
  unclassified: 'Unclassified',
};
const EVENT_LABELS: Readonly<Record<string, string>> = {
  'policy.violated': 'Policy violation',
  'drift.detected': 'Drift',
  'probe.disconnected': 'Probe silent',
};
const SECTION_NOUNS: Readonly<Record<ReportContent['truncated'][number]['section'], string>> = {
  assessments: 'newest assessments',
  findings: 'most severe findings',
  incidents: 'newest incidents',
};

/** The dashboard names its figure so; the report's own score is a different measure and says how. */
export const GOVERNANCE_SCORE_NOTE =
  'This is the average score of the latest assessments in this report, 0 to 100%. It is not the ' +
  "dashboard's governance score (0 to 100), which also weighs open findings, inventory coverage and " +
  "runtime health. The console's Overview shows the average of every system's latest assessments beside " +
  'the governance score; a high average with a low governance score points at findings or runtime ' +
  'incidents rather than at documentation.';

const FOOTER_LENGTH = 90;
/** A PDF cell shows this much of a name or a title; the exports keep REPORT_MAX_TEXT_LENGTH of it. */
const NAME_CELL = 80;
const TITLE_CELL = 300;
/** An executive summary lists this many of its weakest assessments and newest incidents. */
export const EXECUTIVE_ROWS = 15;

const clip = (text: string, length: number): string =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;
const plural = (value: number, one: string, many = `${one}s`): string =>
  `${count(value)} ${value === 1 ? one : many}`;
const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const systemLabel = (name: string | null, id: string | null): string =>
  clip(name ?? (id === null ? 'Organization-wide' : 'System not yet known to reports'), NAME_CELL);

/** A short narrative a leader can read in a minute: what is governed, how it stands, what to do first. */
export function narrativeOf(content: ReportContent): string[] {
  const s = content.summary;
  const who = content.organization_name ?? 'The organization';
  const tiers = RISK_TIERS.filter((tier) => s.systems_by_risk_tier[tier] > 0 && tier !== 'minimal')
    .map((tier) => `${count(s.systems_by_risk_tier[tier])} ${TIER_LABELS[tier]!.toLowerCase()}`)
    .join(', ');
  const paragraphs = [
    `${who} has ${plural(s.systems, 'AI system')} in the scope of this report${tiers ? ` (risk tiers: ${tiers})` : ''}.`,
  ];
  if (s.assessments === 0 || s.average_score === null) {
    paragraphs.push(
      'No completed assessment is in this report yet: assess each system against a framework to see where it stands.',
    );
  } else {
    const verdicts = ['pass', 'conditional', 'fail']
      .filter((verdict) => (s.verdicts[verdict] ?? 0) > 0)
      .map((verdict) => `${count(s.verdicts[verdict] ?? 0)} ${verdict}`)
      .join(', ');
    const severe = s.findings_by_severity.CRITICAL + s.findings_by_severity.HIGH;
    paragraphs.push(
      `Its ${plural(s.assessments, 'latest assessment')} average ${percent(s.average_score)} (${verdicts}) and ` +
        `raised ${plural(s.findings, 'finding')}, ${count(severe)} of them critical or high.`,
    );
    const first = content.controls[0];
    if (first)
      paragraphs.push(
        `Start with ${first.control_id} "${first.control_title}" (${frameworkName(first.framework)}): ` +
          `${plural(first.findings.length, 'finding')}, the most severe of them ${first.severity.toLowerCase()}.`,
      );
  }
  if (content.type !== 'assessment') {
    const incidents = s.policy_violations + s.drift_alerts + s.probe_disconnects;
    paragraphs.push(
      incidents === 0
        ? 'No runtime incident was recorded in the period.'
        : `At run time, ${plural(s.policy_violations, 'policy violation')}, ${plural(s.drift_alerts, 'drift alert')} ` +
            `and ${plural(s.probe_disconnects, 'probe disconnection')} were recorded in the period.`,
    );
  }
  return paragraphs;
}

/** Says what a cut section lists against what there was, and where the rest is. */
function truncationNote(content: ReportContent, section: ReportContent['truncated'][number]['section']) {
  const cut = content.truncated.find((entry) => entry.section === section);
  return cut
    ? [
        {
          kind: 'paragraph' as const,
          muted: true,
          text:
            `This report lists the ${count(cut.shown)} ${SECTION_NOUNS[section]} of ${count(cut.total)}; ` +
            'the summary counts them all. Narrow the report to a system or a framework to see the rest.',
        },
      ]
    : [];
}

function assessmentsSection(content: ReportContent): PdfSection {
  const executive = content.type === 'executive';
  // A leader reads the weakest first; the other reports list every assessment, newest first.
  const rows = executive
    ? [...content.assessments].sort((a, b) => a.score - b.score).slice(0, EXECUTIVE_ROWS)
    : content.assessments;
  const blocks: PdfBlock[] =
    rows.length === 0
      ? [{ kind: 'paragraph', text: 'No completed assessment is in scope.', muted: true }]
      : [
          {
            kind: 'table',
            columns: [
              { header: 'System', share: 0.27 },
              { header: 'Framework', share: 0.27 },
              { header: 'Completed', share: 0.16 },
              { header: 'Verdict', share: 0.11 },
              { header: 'Score', share: 0.09 },
              { header: 'Findings', share: 0.1 },
            ],
            rows: rows.map((row) => [
              systemLabel(row.system_name, row.system_id),
              frameworkName(row.framework),
              humanDate(new Date(row.completed_at)),
              capitalize(row.verdict),
              percent(row.score),
              count(row.findings_count),
            ]),
          },
        ];
  const shown: PdfBlock[] =
    executive && content.assessments.length > rows.length
      ? [
          {
            kind: 'paragraph',
            muted: true,
            text: `The ${rows.length} lowest scores of ${count(content.summary.assessments)} latest assessments; a compliance report lists them all.`,
          },
        ]
      : truncationNote(content, 'assessments');
  return {
    heading: executive ? 'Weakest assessments' : 'Assessments',
    newPage: true,
    blocks: [...shown, ...blocks],
  };
}

/** An executive summary names the controls that matter most and how many findings each has, no rows. */
function topControlsSection(content: ReportContent): PdfSection {
  const blocks: PdfBlock[] =
    content.controls.length === 0
      ? [{ kind: 'paragraph', text: 'No findings.', muted: true }]
      : [
          {
            kind: 'table',
            columns: [
              { header: 'Control', share: 0.44 },
              { header: 'Framework', share: 0.3 },
              { header: 'Most severe', share: 0.14 },
              { header: 'Findings', share: 0.12 },
            ],
            rows: content.controls.map((control) => [
              clip(`${control.control_id}  ${control.control_title}`, TITLE_CELL),
              frameworkName(control.framework),
              control.severity,
              count(control.findings.length),
            ]),
          },
        ];
  return { heading: 'Controls to act on first', newPage: false, blocks };
}

function controlsSection(content: ReportContent): PdfSection {
  const blocks: PdfBlock[] = [...truncationNote(content, 'findings')];
  if (content.controls.length === 0) blocks.push({ kind: 'paragraph', text: 'No findings.', muted: true });
  for (const control of content.controls) {
    blocks.push({
      kind: 'subheading',
      text:
        clip(`${control.control_id}  ${control.control_title}`, TITLE_CELL) +
        `  (${frameworkName(control.framework)})`,
      tag: { text: control.severity, colour: SEVERITY_COLOURS[control.severity] },
    });
    if (control.remediation)
      blocks.push({ kind: 'paragraph', text: `Remediation: ${control.remediation}`, muted: true });
    blocks.push({
      kind: 'table',
      columns: [
        { header: 'Severity', share: 0.14 },
        { header: 'Finding', share: 0.56 },
        { header: 'System', share: 0.3 },
      ],
      rows: control.findings.map((finding) => [
        finding.severity,
        clip(finding.title, TITLE_CELL),
        systemLabel(finding.system_name || null, finding.system_id),
      ]),
    });
  }
  return { heading: 'Findings by control', newPage: true, blocks };
}

function incidentsSection(content: ReportContent): PdfSection {
  const incidents =
    content.type === 'executive' ? content.incidents.slice(0, EXECUTIVE_ROWS) : content.incidents;
  const blocks: PdfBlock[] =
    incidents.length === 0
      ? [{ kind: 'paragraph', text: 'No incidents in this period.', muted: true }]
      : [
          {
            kind: 'table',
            columns: [
              { header: 'When', share: 0.22 },
              { header: 'Severity', share: 0.13 },
              { header: 'Event', share: 0.17 },
              { header: 'What happened', share: 0.48 },
            ],
            rows: incidents.map((incident) => [
              humanDateTime(new Date(incident.occurred_at)),
              incident.severity,
              EVENT_LABELS[incident.event] ?? incident.event,
              clip(incident.summary, TITLE_CELL),
            ]),
          },
        ];
  const executive = content.type === 'executive';
  return {
    heading: executive ? 'Latest runtime incidents' : 'Runtime incidents',
    newPage: false,
    blocks: [...(executive ? [] : truncationNote(content, 'incidents')), ...blocks],
  };
}

/** The PDF of a report: title page, executive summary with charts, then the detail sections. */
export function pdfView(content: ReportContent, maxPages: number): PdfView {
  const s = content.summary;
  const facts: PdfView['facts'] = [
    ['Organization', content.organization_name ?? 'Not yet known to reports'],
    ['Generated', humanDateTime(new Date(content.generated_at))],
    [
      'Period',
      capitalize(
        humanPeriod(
          content.period && { from: new Date(content.period.from), to: new Date(content.period.to) },
        ),
      ),
    ],
  ];
  if (content.scope.system) facts.push(['System', content.scope.system.name]);
  if (content.scope.framework) facts.push(['Framework', frameworkName(content.scope.framework)]);
  const assessed = content.assessments[0];
  if (content.type === 'assessment' && assessed)
    facts.push([
      'Assessment',
      `${systemLabel(assessed.system_name, assessed.system_id)}, completed ${humanDateTime(new Date(assessed.completed_at))}`,
    ]);
  const sections = [
    assessmentsSection(content),
    content.type === 'executive' ? topControlsSection(content) : controlsSection(content),
  ];
  if (content.type !== 'assessment') sections.push(incidentsSection(content));
  const subject = content.title.split(': ').slice(1).join(': ');
  return {
    title: content.title,
    subject,
    footer: subject.length > FOOTER_LENGTH ? `${subject.slice(0, FOOTER_LENGTH - 1)}…` : subject,
    facts,
    summary: {
      narrative: [...narrativeOf(content), GOVERNANCE_SCORE_NOTE],
      gauge: {
        label: 'Average assessment score',
        value: s.average_score,
        caption:
          s.average_score === null
            ? 'No completed assessment in this report'
            : `${percent(s.average_score)} average over ${plural(s.assessments, 'latest assessment')}`,
      },
      verdicts: {
        title: 'Assessment verdicts',
        items: ['pass', 'conditional', 'fail'].map((verdict) => ({
          label: capitalize(verdict),
          count: s.verdicts[verdict] ?? 0,
          colour: VERDICT_COLOURS[verdict]!,
        })),
      },
      charts: [
        {
          title: 'Findings by severity',
          items: (['CRITICAL', 'HIGH', 'MEDIUM', 'INFO'] as const).map((severity) => ({
            label: severity,
            count: s.findings_by_severity[severity],
            colour: SEVERITY_COLOURS[severity],
          })),
        },
        {
          title: 'AI systems by risk tier',
          items: RISK_TIERS.map((tier) => ({
            label: TIER_LABELS[tier] ?? tier,
            count: s.systems_by_risk_tier[tier],
            colour: TIER_COLOURS[tier] ?? '#9aa5b1',
          })),
        },
      ],
      figures: [
        ['AI systems', count(s.systems)],
        ['Latest assessments', count(s.assessments)],
        ['Findings', count(s.findings)],
        ['Policy violations', count(s.policy_violations)],
        ['Drift alerts', count(s.drift_alerts)],
        ['Probe disconnections', count(s.probe_disconnects)],
      ],
    },
    sections,
    cellColours: { ...SEVERITY_COLOURS },
    maxPages,
  };
}
