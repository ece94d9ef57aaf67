import { buildReportContent } from '../content/report-content';
import { csvField, csvLine, renderCsv } from './report-csv';

describe('CSV escaping', () => {
  it('leaves plain fields alone and empties nulls', () => {
    expect(csvLine(['EU_AI_ACT', 3, null, 'plain text'])).toBe('EU_AI_ACT,3,,plain text');
  });

  it('quotes fields with commas, quotes or line breaks, doubling quotes', () => {
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-2)).toBe('-2');
  });
});

describe('renderCsv', () => {
  it('writes a header and one CRLF-terminated row per finding', async () => {
    const content = buildReportContent(
      {
        id: 'rpt_1',
        organizationId: 'org_1',
        type: 'assessment',
        systemId: null,
        framework: null,
        assessmentId: 'asmnt_1',
        period: null,
      },
      {
        systems: [],
        assessments: [],
        findings: [
          {
            finding_id: 'fnd_1',
            assessment_id: 'asmnt_1',
            system_id: 'sys_1',
            system_name: 'Bot, "the" one',
            framework: 'EU_AI_ACT',
            control: 'EU_AI_ACT:Art.4',
            title: 'No AI literacy training',
            severity: 'MEDIUM',
          },
        ],
        incidents: [],
        incidentCounts: {},
        organizationName: 'Acme Health',
      },
      new Date('2026-11-22T12:00:00Z'),
    );
    const lines = (await renderCsv(content)).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'framework,control,control_title,severity,finding_id,finding_title,system_id,system_name,assessment_id,remediation',
    );
    expect(lines[1]).toMatch(
      /^EU_AI_ACT,EU_AI_ACT:Art\.4,AI literacy of staff,MEDIUM,fnd_1,No AI literacy training,sys_1,"Bot, ""the"" one",asmnt_1,/,
    );
    expect(lines[2]).toBe('');
    expect(lines).toHaveLength(3);
  });
});
