import {
  controlId,
  DOCUMENT_MAX_BYTES,
  fileProblem,
  filterFindings,
  formatBytes,
  scorePercent,
  uploadPercent,
} from './assessment-rules';

describe('assessment rules', () => {
  it('accepts the formats the service reads, by extension, within the size limit', () => {
    for (const name of ['policy.pdf', 'Card.DOCX', 'notes.md', 'notes.markdown', 'plain.txt'])
      expect(fileProblem({ name, size: 10 })).toBeUndefined();
    expect(fileProblem({ name: 'slides.pptx', size: 10 })).toMatch(/PDF, Word/);
    expect(fileProblem({ name: 'README', size: 10 })).toMatch(/PDF, Word/);
    expect(fileProblem({ name: 'empty.txt', size: 0 })).toBe('This file is empty.');
    expect(fileProblem({ name: 'big.pdf', size: DOCUMENT_MAX_BYTES })).toBeUndefined();
    expect(fileProblem({ name: 'big.pdf', size: DOCUMENT_MAX_BYTES + 1 })).toMatch(/limit is 10 MB/);
  });

  it('reads sizes, progress and scores as people do', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(50, 200)).toBe(25);
    expect(uploadPercent(300, 200)).toBe(100);
    expect(scorePercent(0.724)).toBe('72%');
    expect(controlId('NIST_AI_RMF:GOVERN-1.1')).toBe('GOVERN-1.1');
  });

  it('filters findings by status and severity together', () => {
    const findings = [
      { id: 1, status: 'met', severity: 'HIGH' },
      { id: 2, status: 'missing', severity: 'HIGH' },
      { id: 3, status: 'missing', severity: 'MEDIUM' },
      { id: 4, status: 'partial', severity: 'CRITICAL' },
    ] as const;
    const ids = (filters: Parameters<typeof filterFindings>[1]) =>
      filterFindings(findings, filters).map((finding) => finding.id);
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(ids({ status: 'missing' })).toEqual([2, 3]);
    expect(ids({ severity: 'HIGH' })).toEqual([1, 2]);
    expect(ids({ status: 'missing', severity: 'HIGH' })).toEqual([2]);
  });
});
