import { createRequire } from 'node:module';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  counter,
  ErrorCode,
  type IsolatedFailureReason,
  IsolatedProcessFailure,
  IsolatedProcessPool,
} from '@governance/platform';
import { ASSESS_CONFIG } from '../assess.tokens';
import { type AssessConfig } from '../config';
import { DOCUMENT_MAX_SIZE } from './assessment-limits';
import {
  type DocumentFormat,
  type DocumentTextAnswer,
  type DocumentTextJob,
  readDocumentText,
} from './document-text.program';

export type { DocumentFormat } from './document-text.program';

const BY_EXTENSION: Record<string, DocumentFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  md: 'text',
  markdown: 'text',
  txt: 'text',
};
const BY_MEDIA_TYPE: Record<string, DocumentFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/markdown': 'text',
  'text/x-markdown': 'text',
  'text/plain': 'text',
};

/** By file extension when there is one (browsers send generic media types for .md), else by media type. */
export function documentFormat(fileName: string, mediaType: string): DocumentFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension !== undefined) return BY_EXTENSION[extension];
  return BY_MEDIA_TYPE[mediaType.split(';')[0]!.trim().toLowerCase()];
}

/** A Word file's parts may inflate to 64 MiB in all: ten times the text a 10 MiB document may hold. */
export const DOCX_MAX_INFLATED_BYTES = 64 * 1024 * 1024;
const DOCX_MAX_ENTRIES = 10_000;
/** Word's XML packs about ten to one; a part packed a hundredfold is a bomb (Apache POI's rule too). */
const DOCX_MAX_INFLATE_RATIO = 100;
/** JSON escapes a control character in six bytes: the most the answer of the longest text can take. */
const MAX_ANSWER_BYTES = DOCUMENT_MAX_SIZE * 6 + 1024;

const documentsRead = counter({
  name: 'assess_documents_read_total',
  help: 'Uploaded documents read, by outcome (text, refused, busy, timeout, memory, output_too_large, crashed)',
  labelNames: ['service', 'outcome'],
});

const FAILURE_MESSAGES: Record<Exclude<IsolatedFailureReason, 'busy'>, string> = {
  timeout: 'reading it took longer than allowed',
  memory: 'reading it needs more memory than allowed',
  output_too_large: `its text is longer than ${DOCUMENT_MAX_SIZE} characters`,
  crashed: 'it is malformed',
};

const unreadable = (message: string): ApiError =>
  new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, ErrorCode.ValidationFailed, `Unreadable file: ${message}`, [
    { field: 'file', message },
  ]);

function parseAnswer(output: Buffer): DocumentTextAnswer {
  try {
    return JSON.parse(output.toString('utf8')) as DocumentTextAnswer;
  } catch {
    return { refused: FAILURE_MESSAGES.crashed };
  }
}

/**
 * Reads an uploaded document's text in a child process of its own (see readDocumentText), so a hostile
 * file fails only its own request: 422 when it cannot be read within the limits, 429 when too many
 * documents are being read already.
 */
@Injectable()
export class DocumentReader {
  private readonly pool: IsolatedProcessPool;
  private readonly modules: DocumentTextJob['modules'];

  constructor(@Inject(ASSESS_CONFIG) config: AssessConfig) {
    this.pool = new IsolatedProcessPool({ ...config.documentReading, maxOutputBytes: MAX_ANSWER_BYTES });
    // Resolved here, where the bundle's node_modules are known, and loaded by path in the child.
    const resolve = createRequire(__filename).resolve;
    this.modules = { mammoth: resolve('mammoth'), pdfParse: resolve('pdf-parse'), yauzl: resolve('yauzl') };
  }

  async read(format: DocumentFormat, data: Buffer): Promise<string> {
    const job: DocumentTextJob = {
      format,
      modules: this.modules,
      maxInflatedBytes: DOCX_MAX_INFLATED_BYTES,
      maxZipEntries: DOCX_MAX_ENTRIES,
      maxInflateRatio: DOCX_MAX_INFLATE_RATIO,
      maxTextLength: DOCUMENT_MAX_SIZE,
    };
    let output: Buffer;
    try {
      output = await this.pool.run(readDocumentText, job, data);
    } catch (error) {
      if (!(error instanceof IsolatedProcessFailure)) throw error;
      documentsRead.inc({ service: 'assess', outcome: error.reason });
      if (error.reason === 'busy')
        throw new ApiError(
          HttpStatus.TOO_MANY_REQUESTS,
          ErrorCode.TooManyRequests,
          'Too many documents are being read; try again in a few seconds',
          { retry_after_seconds: 5 },
          { 'retry-after': '5' },
        );
      throw unreadable(FAILURE_MESSAGES[error.reason]);
    }
    const answer = parseAnswer(output);
    documentsRead.inc({ service: 'assess', outcome: 'text' in answer ? 'text' : 'refused' });
    if ('refused' in answer) throw unreadable(answer.refused);
    return answer.text;
  }
}
