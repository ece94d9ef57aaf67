import { documentFormat } from './document-text';
import { uploadFieldProblems, uploadTitle } from './assessments.service';

describe('document formats', () => {
  it('goes by the extension first, then by the media type', () => {
    expect(documentFormat('a.PDF', 'application/octet-stream')).toBe('pdf');
    expect(documentFormat('a.docx', 'application/octet-stream')).toBe('docx');
    expect(documentFormat('notes.md', 'application/octet-stream')).toBe('text');
    expect(documentFormat('notes.txt', 'text/plain')).toBe('text');
    expect(documentFormat('scan.png', 'application/pdf')).toBeUndefined();
    expect(documentFormat('old.doc', 'application/msword')).toBeUndefined();
    expect(documentFormat('README', 'text/markdown; charset=utf-8')).toBe('text');
    expect(documentFormat('blob', 'application/octet-stream')).toBeUndefined();
  });
});

describe('upload fields', () => {
  it('needs a system id and a framework key', () => {
    expect(uploadFieldProblems({ system_id: 'sys_1', framework: 'ISO_42001' })).toEqual([]);
    expect(uploadFieldProblems({}).map((problem) => problem.field)).toEqual(['system_id', 'framework']);
    expect(uploadFieldProblems({ system_id: 'x'.repeat(101), framework: 'iso' }).map((p) => p.field)).toEqual(
      ['system_id', 'framework'],
    );
  });

  it('titles an upload after its file name', () => {
    expect(uploadTitle('Model card.pdf')).toBe('Model card.pdf');
    expect(uploadTitle('  ')).toBe('Uploaded document');
    expect(uploadTitle('a\nb')).toBe('a b');
    expect(uploadTitle('x'.repeat(400))).toHaveLength(300);
  });
});
