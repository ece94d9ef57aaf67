import { type ReportForm, reportRequest } from './report-request';

const FORM: ReportForm = {
  type: 'compliance',
  format: 'pdf',
  period: '30d',
  from: '',
  to: '',
  framework: '',
  systemId: '',
  assessmentId: '',
};

describe('reportRequest', () => {
  it('asks for a span ending now', () => {
    expect(reportRequest(FORM)).toEqual({
      ok: true,
      body: { type: 'compliance', format: 'pdf', period: '30d' },
    });
  });

  it('leaves the period out for all time, and narrows to a framework', () => {
    expect(reportRequest({ ...FORM, period: 'all', framework: 'EU_AI_ACT' })).toEqual({
      ok: true,
      body: { type: 'compliance', format: 'pdf', framework: 'EU_AI_ACT' },
    });
  });

  it('sends dates, the last one optional, and refuses them backwards', () => {
    expect(reportRequest({ ...FORM, period: 'custom', from: '2026-01-01' })).toMatchObject({
      ok: true,
      body: { period: { from: '2026-01-01', to: null } },
    });
    expect(reportRequest({ ...FORM, period: 'custom' })).toMatchObject({ ok: false, field: 'from' });
    expect(reportRequest({ ...FORM, period: 'custom', from: '2026-02-01', to: '2026-01-01' })).toMatchObject({
      ok: false,
      field: 'to',
    });
  });

  it('needs the system of a system report', () => {
    expect(reportRequest({ ...FORM, type: 'system' })).toMatchObject({ ok: false, field: 'systemId' });
    expect(reportRequest({ ...FORM, type: 'system', systemId: 'sys_1' })).toMatchObject({
      ok: true,
      body: { type: 'system', system_id: 'sys_1', period: '30d' },
    });
  });

  it('sends an assessment report its assessment only, without period or framework', () => {
    expect(reportRequest({ ...FORM, type: 'assessment' })).toMatchObject({
      ok: false,
      field: 'assessmentId',
    });
    expect(
      reportRequest({ ...FORM, type: 'assessment', assessmentId: ' asmnt_1 ', framework: 'ISO_42001' }),
    ).toEqual({ ok: true, body: { type: 'assessment', format: 'pdf', assessment_id: 'asmnt_1' } });
  });
});
