import { findFramework } from '@governance/frameworks';
import PDFDocument from 'pdfkit';
import { type Page } from 'playwright-core';
import { heading, useConsole } from '../testing/console-harness';

const VIEWER = { name: 'Vera Viewer', email: 'vera@acme.example', password: 'viewing is believing 42' };
const NIST = findFramework('NIST_AI_RMF')!;

/**
 * A policy that answers the first three NIST AI RMF controls point by point, in its own section each, and
 * says nothing of the rest: some controls are met, the others missing.
 */
const POLICY_LINES = NIST.controls
  .slice(0, 3)
  .flatMap((control) => [
    `${control.id} ${control.title}`,
    ...control.evidence_cues.map(
      (cue) => `Our programme covers ${cue.terms[0]} for every production system, reviewed each quarter.`,
    ),
    '',
  ]);

function buildPdf(lines: readonly string[]): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const line of lines) doc.text(line);
  doc.end();
  return done;
}

interface Finding {
  finding_id: string;
  control: string;
  title: string;
  status: 'met' | 'partial' | 'missing';
  evidence: Array<{ quote: string; context_before: string; context_after: string }>;
}

describe('the Assessments page', () => {
  const ui = useConsole();
  let page: Page;
  let systemId: string;
  let assessmentId: string;

  beforeAll(async () => {
    page = ui.page;
    const system = await ui.api('POST', '/api/service/systems', { name: 'Claims Triage', risk_tier: 'high' });
    expect(system.status).toBe(201);
    systemId = system.body.id as string;
  });

  const uploadCard = () => page.getByRole('region', { name: 'Assess a document' });

  it('uploads a PDF through the file picker, shows the progress complete, then the result', async () => {
    await page.goto('/');
    await ui.navigate(page, 'Assessments');
    await page.getByRole('heading', { name: 'No assessments yet' }).waitFor();
    await ui.expectAccessible(page, 'assessments-empty');

    const card = uploadCard();
    await card.getByLabel('Document file').setInputFiles({
      name: 'claims-ai-policy.pdf',
      mimeType: 'application/pdf',
      buffer: await buildPdf(POLICY_LINES),
    });
    await card.getByText('claims-ai-policy.pdf').waitFor();
    // The system's replica in the assess service may lag its creation by an event: the service waits for it.
    await card.getByLabel('System').selectOption({ label: 'Claims Triage' });
    await card.getByLabel('Framework').selectOption('NIST_AI_RMF');
    await card.getByRole('button', { name: 'Upload and assess' }).click();

    await card.getByText('Upload complete.').waitFor();
    expect(
      await card.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    await ui.expectAccessible(page, 'assessments-uploaded');

    await card.getByRole('link', { name: 'Open the result' }).click();
    await heading(page, 'claims-ai-policy.pdf').waitFor();
    assessmentId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: 'Findings' }).waitFor();
    await page.getByRole('table', { name: 'Findings, one per control' }).waitFor();
    await ui.expectAccessible(page, 'assessment-result');
  });

  it('shows a finding with its quoted evidence marked in place, and filters and sorts the findings', async () => {
    const answer = await ui.api('GET', `/api/service/assess/${assessmentId}/findings`);
    const findings = (answer.body as { data: Finding[] }).data;
    expect(findings).toHaveLength(NIST.controls.length);
    const met = findings.filter((finding) => finding.status === 'met');
    const missing = findings.filter((finding) => finding.status === 'missing');
    expect(met.length).toBeGreaterThan(0);
    expect(missing.length).toBeGreaterThan(0);
    const summary = (await ui.api('GET', `/api/service/assess/${assessmentId}`)).body;
    await page.getByText(`${Math.round((summary.score as number) * 100)}%`, { exact: true }).waitFor();

    const finding = met.find((candidate) => candidate.evidence.length > 0)!;
    const row = page.getByRole('row').filter({ hasText: finding.control.split(':')[1]! });
    await row.getByRole('button', { name: finding.title }).click();
    expect(await row.getByRole('button', { name: finding.title }).getAttribute('aria-expanded')).toBe('true');
    const detail = page.locator(`[id="finding-${finding.finding_id}"]`);
    const marks = detail.locator('mark');
    expect(await marks.allTextContents()).toEqual(finding.evidence.map((evidence) => evidence.quote));
    const [first] = finding.evidence;
    expect(await detail.locator('blockquote').first().textContent()).toBe(
      `${first!.context_before}${first!.quote}${first!.context_after}`,
    );
    await detail.getByRole('heading', { name: 'Remediation' }).waitFor();
    await ui.expectAccessible(page, 'assessment-finding');

    const findingsCard = page.getByRole('region', { name: 'Findings' });
    await findingsCard.getByLabel('Status').selectOption('missing');
    const table = findingsCard.getByRole('table', { name: 'Findings, one per control' });
    await detail.waitFor({ state: 'detached' });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(missing.length);
    expect(new Set(await rows.locator('td:nth-child(3)').allTextContents())).toEqual(new Set(['Missing']));
    await ui.expectAccessible(page, 'assessment-findings-missing');

    const severity = table.getByRole('columnheader', { name: 'Severity' });
    await severity.getByRole('button').click();
    expect(await severity.getAttribute('aria-sort')).toBe('ascending');
  });

  it('takes a document dropped on the drop zone, and lists both assessments', async () => {
    await ui.navigate(page, 'Assessments');
    const card = uploadCard();
    // A string runs in the page, where DataTransfer and File exist (this file is compiled without the DOM).
    const dataTransfer = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      const text = '# Oversight\\n\\nA human reviewer approves every automated claim decision.\\n';
      transfer.items.add(new File([text], 'oversight.md', { type: 'text/markdown' }));
      return transfer;
    })()`);
    await card.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
    await card.getByText('oversight.md').waitFor();
    await card.getByLabel('System').selectOption({ label: 'Claims Triage' });
    await card.getByLabel('Framework').selectOption('EU_AI_ACT');
    await card.getByRole('button', { name: 'Upload and assess' }).click();
    await card.getByText('Upload complete.').waitFor();

    const list = page.getByRole('table', { name: 'Assessments' });
    await list.getByRole('link', { name: 'oversight.md' }).waitFor();
    await list.getByRole('link', { name: 'claims-ai-policy.pdf' }).waitFor();
    await ui.expectAccessible(page, 'assessments');

    const filters = page.getByRole('search', { name: 'Filter assessments' });
    await filters.getByLabel('Status').selectOption('failed');
    await page.getByRole('heading', { name: 'No assessment matches these filters' }).waitFor();
    await ui.expectAccessible(page, 'assessments-filtered-empty');
    await filters.getByLabel('Status').selectOption('');
    await list.getByRole('link', { name: 'oversight.md' }).waitFor();
  });

  it('shows a viewer the results but no upload, and the API refuses an upload (403)', async () => {
    const { context, page: viewer } = await ui.signInAs(VIEWER, 'viewer');
    await ui.navigate(viewer, 'Assessments');
    await viewer.getByRole('link', { name: 'claims-ai-policy.pdf' }).waitFor();
    expect(await viewer.getByRole('region', { name: 'Assess a document' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /upload|choose a file/i }).count()).toBe(0);
    expect(await viewer.locator('input[type="file"]').count()).toBe(0);
    await viewer.getByRole('link', { name: 'claims-ai-policy.pdf' }).click();
    await heading(viewer, 'claims-ai-policy.pdf').waitFor();
    await viewer.getByRole('table', { name: 'Findings, one per control' }).waitFor();

    const refused = await context.request.post('/api/service/assess/document', {
      headers: await ui.csrfHeaders(context),
      multipart: {
        system_id: systemId,
        framework: 'NIST_AI_RMF',
        file: { name: 'sneaky.md', mimeType: 'text/markdown', buffer: Buffer.from('# Sneaky\n\nText.') },
      },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    await context.close();
  });
});
