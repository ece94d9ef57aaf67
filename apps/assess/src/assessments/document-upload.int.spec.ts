import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureProcessLoad } from '@governance/testing';
import { buildDocx, buildDocxBomb, buildPdf, buildPdfBomb } from '../testing/document-files';
import {
  ASSESS_PATH,
  AssessHarness,
  awaitAssessment,
  registerSystem,
  type TestOrganization,
  upload,
} from '../testing/assess-harness';

const STRONG = readFileSync(join(__dirname, '../engine/fixtures/strong-model-card.md'), 'utf8');
/** The model card's prose, without the Markdown front matter: what a PDF or Word export would hold. */
const LINES = STRONG.split('\n')
  .slice(5)
  .filter((line) => line.trim() !== '');

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface Finding {
  status: string;
  evidence: Array<{ quote: string }>;
}

describe('document uploads', () => {
  let harness: AssessHarness;
  let org: TestOrganization;
  let systemId: string;

  beforeAll(async () => {
    harness = await AssessHarness.start();
    org = await harness.createOrganization('free');
    systemId = (await registerSystem(harness, org.id)).systemId;
  });

  afterAll(() => harness.close());

  const fields = (): Record<string, string> => ({ system_id: systemId, framework: 'NIST_AI_RMF' });

  /** Uploads, waits for the result, and returns the quotes the findings cite. */
  async function assessUpload(filename: string, contentType: string, data: Buffer): Promise<string[]> {
    const response = await upload(harness, org.apiKey, fields(), [{ filename, contentType, data }]);
    expect([filename, response.statusCode]).toEqual([filename, 202]);
    const { id } = response.json<{ id: string }>();
    const result = await awaitAssessment(harness, org.apiKey, id);
    expect([filename, result.status]).toEqual([filename, 'complete']);
    expect(result.score!).toBeGreaterThan(0.2);
    const findings = (await harness.request('GET', `${ASSESS_PATH}/${id}/findings`, org.apiKey)).json<{
      data: Finding[];
    }>().data;
    return findings.flatMap((finding) => finding.evidence.map((evidence) => evidence.quote));
  }

  const quotedFromTheCard = (quotes: string[]): boolean =>
    quotes.length > 10 && quotes.every((quote) => quote.split(/\s+/).every((word) => STRONG.includes(word)));

  it('assesses a Markdown file as UTF-8 text', async () => {
    const quotes = await assessUpload(
      'model-card.md',
      'application/octet-stream',
      Buffer.from(STRONG, 'utf8'),
    );
    expect(quotes.every((quote) => STRONG.includes(quote))).toBe(true);
    expect(quotes.length).toBeGreaterThan(10);
  });

  it('assesses a Word document', async () => {
    expect(quotedFromTheCard(await assessUpload('model-card.docx', DOCX_TYPE, buildDocx(LINES)))).toBe(true);
  });

  it('assesses a PDF', async () => {
    const pdf = await buildPdf(LINES);
    expect(quotedFromTheCard(await assessUpload('model-card.pdf', 'application/pdf', pdf))).toBe(true);
  });

  it('names the assessment after the uploaded file', async () => {
    const response = await upload(harness, org.apiKey, fields(), [
      { filename: 'policy.txt', contentType: 'text/plain', data: Buffer.from('All AI use is logged.') },
    ]);
    expect(response.statusCode).toBe(202);
    const { id } = response.json<{ id: string }>();
    const [row] = await harness.sql.query<Array<{ title: string }>>(
      'SELECT title FROM assess.assessments WHERE id = $1',
      [id],
    );
    expect(row!.title).toBe('policy.txt');
    await awaitAssessment(harness, org.apiKey, id);
  });

  it('refuses bad uploads with a clear 4xx and writes nothing', async () => {
    await eventuallyIdle();
    const before = [await harness.count('assess.assessments'), await harness.count('assess.outbox')];
    const text = (content: string) => ({
      filename: 'doc.md',
      contentType: 'text/markdown',
      data: Buffer.from(content),
    });
    const cases: Array<[string, Promise<{ statusCode: number; json: <T>() => T }>, number, string]> = [
      [
        'image',
        upload(harness, org.apiKey, fields(), [
          { filename: 'scan.png', contentType: 'image/png', data: Buffer.from([137, 80, 78, 71]) },
        ]),
        415,
        'unsupported_media_type',
      ],
      [
        'too large',
        upload(harness, org.apiKey, fields(), [text('x'.repeat(10 * 1024 * 1024 + 1))]),
        413,
        'payload_too_large',
      ],
      [
        'broken pdf',
        upload(harness, org.apiKey, fields(), [
          { filename: 'a.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4 not really') },
        ]),
        422,
        'validation_failed',
      ],
      [
        'broken docx',
        upload(harness, org.apiKey, fields(), [
          { filename: 'a.docx', contentType: DOCX_TYPE, data: Buffer.from('PK nothing') },
        ]),
        422,
        'validation_failed',
      ],
      [
        'not utf-8',
        upload(harness, org.apiKey, fields(), [
          { filename: 'a.txt', contentType: 'text/plain', data: Buffer.from([0xff, 0xfe, 0x00, 0xd8]) },
        ]),
        422,
        'validation_failed',
      ],
      ['empty text', upload(harness, org.apiKey, fields(), [text('   \n')]), 422, 'validation_failed'],
      ['no file', upload(harness, org.apiKey, fields(), []), 400, 'validation_failed'],
      ['two files', upload(harness, org.apiKey, fields(), [text('a'), text('b')]), 400, 'validation_failed'],
      [
        'unknown field',
        upload(harness, org.apiKey, { ...fields(), colour: 'blue' }, [text('a')]),
        400,
        'validation_failed',
      ],
      [
        'bad framework',
        upload(harness, org.apiKey, { ...fields(), framework: 'SOC2' }, [text('a')]),
        400,
        'validation_failed',
      ],
      [
        'no system',
        upload(harness, org.apiKey, { framework: 'NIST_AI_RMF' }, [text('a')]),
        400,
        'validation_failed',
      ],
      [
        'unknown system',
        upload(harness, org.apiKey, { ...fields(), system_id: 'sys_01JAAAAAAAAAAAAAAAAAAAAAAA' }, [
          text('a'),
        ]),
        404,
        'not_found',
      ],
    ];
    for (const [label, pending, status, code] of cases) {
      const response = await pending;
      expect([label, response.statusCode]).toEqual([label, status]);
      const { error } = response.json<{ error: { code: string; message: string; details: unknown } }>();
      expect([label, error.code]).toEqual([label, code]);
      expect(error.message.length).toBeGreaterThan(0);
    }
    expect([await harness.count('assess.assessments'), await harness.count('assess.outbox')]).toEqual(before);
  });

  it('reads hostile files where they fail only themselves: the service stays live and its memory flat', async () => {
    await eventuallyIdle();
    const before = await harness.count('assess.assessments');
    const [docxBomb, xmlFlood, pdfBomb] = await Promise.all([
      buildDocxBomb(100 * 1024 * 1024), // 100 MB of XML from ~100 KB: refused before inflating
      buildDocxBomb(60 * 1024 * 1024), // within the 64 MiB budget, but packed 600 to 1
      buildPdfBomb(600 * 1024 * 1024), // a font that inflates to 600 MB; read without it
    ]);
    const hostile = [
      { filename: 'bomb.docx', contentType: DOCX_TYPE, data: docxBomb },
      { filename: 'flood.docx', contentType: DOCX_TYPE, data: xmlFlood },
      ...Array.from({ length: 4 }, (_, index) => ({
        filename: `font-bomb-${index}.pdf`,
        contentType: 'application/pdf',
        data: pdfBomb,
      })),
    ];
    const liveAnswers: number[] = [];
    const statuses: Array<[string, number]> = [];
    const load = await measureProcessLoad(async () => {
      let uploading = true;
      const probing = (async () => {
        while (uploading) {
          const asked = performance.now();
          const live = await harness.fastify.inject({ method: 'GET', url: '/health/live' });
          expect(live.statusCode).toBe(200);
          liveAnswers.push(performance.now() - asked);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      await Promise.all(
        hostile.map(async (file) => {
          const response = await upload(harness, org.apiKey, fields(), [file]);
          statuses.push([file.filename, response.statusCode]);
        }),
      );
      uploading = false;
      await probing;
    });
    const answered = Object.fromEntries(statuses);
    expect([answered['bomb.docx'], answered['flood.docx']]).toEqual([422, 422]);
    // Each PDF is read without its font (202), or, on a machine too busy to read it within its deadline,
    // refused on its own (422): never an error of the service's.
    const pdfStatuses = statuses.filter(([name]) => name.endsWith('.pdf')).map(([, status]) => status);
    expect(pdfStatuses.every((status) => status === 202 || status === 422)).toBe(true);
    expect(Math.max(...liveAnswers)).toBeLessThan(1_000);
    // Two readers at most beside the service (DOCUMENT_READERS), each a bare Node (under 100 MB resident),
    // a heap of 384 MB (DOCUMENT_READ_MEMORY_MB) and as much again of buffers (docs/operations.md).
    expect(load.addedMb).toBeLessThan(150);
    expect(load.treePeakMb).toBeLessThan(load.startMb + 2 * (100 + 2 * 384) + 150);
    // The PDFs read were assessed from the text around the font; the refused files left nothing behind.
    const accepted = pdfStatuses.filter((status) => status === 202).length;
    expect(await harness.count('assess.assessments')).toBe(before + accepted);
    const [hostileRows] = await harness.sql.query<Array<{ count: number }>>(
      "SELECT count(*)::int AS count FROM assess.assessments WHERE title IN ('bomb.docx', 'flood.docx')",
    );
    expect(hostileRows?.count).toBe(0);
    console.log(
      `hostile uploads: slowest /health/live ${Math.round(Math.max(...liveAnswers))} ms, service +${load.addedMb} MB, ` +
        `process tree peak ${load.treePeakMb} MB`,
    );
  });

  /** Earlier tests' assessments have finished, so the counts below change only through these requests. */
  async function eventuallyIdle(): Promise<void> {
    const rows = await harness.sql.query<Array<{ id: string }>>(
      "SELECT id FROM assess.assessments WHERE status IN ('queued', 'running')",
    );
    for (const { id } of rows) await awaitAssessment(harness, org.apiKey, id);
  }
});
