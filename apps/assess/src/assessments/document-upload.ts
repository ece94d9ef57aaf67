import { HttpStatus } from '@nestjs/common';
import { ApiError, ErrorCode, type FieldProblem } from '@governance/platform';
import { type FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_SIZE } from './assessment-limits';
import { documentFormat, type DocumentFormat } from './document-text';

/** Multipart limits: one file, a few short text fields; larger fields or more parts are refused. */
export const MULTIPART_LIMITS = {
  fileSize: DOCUMENT_MAX_SIZE,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
};

const UPLOAD_FIELDS = ['system_id', 'framework'] as const;

export interface DocumentUpload {
  fields: Record<string, string>;
  fileName: string;
  format: DocumentFormat;
  data: Buffer;
}

/** What @fastify/multipart throws while reading, as our uniform errors. */
function uploadError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new ApiError(
      HttpStatus.PAYLOAD_TOO_LARGE,
      ErrorCode.PayloadTooLarge,
      `The file is larger than ${DOCUMENT_MAX_SIZE} bytes (10 MiB)`,
    );
  if (code === 'FST_FILES_LIMIT')
    return ApiError.validation([{ field: 'file', message: 'send exactly one file' }]);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return ApiError.validation([{ field: 'body', message: 'too many form fields' }]);
  return ApiError.validation([{ field: 'body', message: 'is not a readable multipart/form-data body' }]);
}

/** Reads `system_id`, `framework` and one `file`; refuses other or repeated fields, and other file types (415). */
export async function readDocumentUpload(request: FastifyRequest): Promise<DocumentUpload> {
  const fields: Record<string, string> = {};
  const problems: FieldProblem[] = [];
  let file: Omit<DocumentUpload, 'fields'> | undefined;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          problems.push({
            field: part.fieldname,
            message: 'is not a file field; send the document as "file"',
          });
          await part.toBuffer();
          continue;
        }
        const format = documentFormat(part.filename, part.mimetype);
        if (!format) {
          part.file.resume();
          throw new ApiError(
            HttpStatus.UNSUPPORTED_MEDIA_TYPE,
            ErrorCode.UnsupportedMediaType,
            'The file must be a PDF (.pdf), Word (.docx), Markdown (.md) or text (.txt) document',
            [{ field: 'file', message: `unsupported file type "${part.filename}" (${part.mimetype})` }],
          );
        }
        file = { fileName: part.filename, format, data: await part.toBuffer() };
        continue;
      }
      if (!(UPLOAD_FIELDS as readonly string[]).includes(part.fieldname)) {
        problems.push({ field: part.fieldname, message: 'is not a known field' });
      } else if (part.fieldname in fields) {
        problems.push({ field: part.fieldname, message: 'must be sent once' });
      } else if (part.valueTruncated) {
        problems.push({ field: part.fieldname, message: 'is too long' });
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!file) problems.push({ field: 'file', message: 'a file is required' });
  if (problems.length > 0 || !file) throw ApiError.validation(problems);
  return { fields, ...file };
}
