import { linkSignature, signedDownloadUrl, verifyDownloadLink } from './download-link';

const KEY = Buffer.from('a-signing-key-of-at-least-32-characters!', 'utf8');
const OTHER_KEY = Buffer.from('another-signing-key-of-32-characters-or-more', 'utf8');
const SUBJECT = { reportId: 'rpt_01JD0000000000000000000000', organizationId: 'org_A' };
const NOW = new Date('2026-11-22T12:00:00.000Z');
const HOUR = 3_600_000;

function queryOf(url: string): { expires: string; signature: string; path: string } {
  const parsed = new URL(url);
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires') ?? '',
    signature: parsed.searchParams.get('signature') ?? '',
  };
}

describe('download links', () => {
  const url = signedDownloadUrl(KEY, 'https://reports.example/api/service/reports', SUBJECT, HOUR, NOW);
  const query = queryOf(url);

  it('names the report and an expiry ttl from now, signed with HMAC-SHA256', () => {
    expect(query.path).toBe(`/api/service/reports/${SUBJECT.reportId}/download`);
    expect(Number(query.expires)).toBe(NOW.getTime() / 1000 + 3600);
    expect(query.signature).toBe(linkSignature(KEY, SUBJECT, Number(query.expires)));
    expect(query.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the link it signed until it expires', () => {
    expect(verifyDownloadLink(KEY, SUBJECT, query, NOW)).toBe('valid');
    expect(verifyDownloadLink(KEY, SUBJECT, query, new Date(NOW.getTime() + HOUR - 1_000))).toBe('valid');
  });

  it('refuses it once expired', () => {
    expect(verifyDownloadLink(KEY, SUBJECT, query, new Date(NOW.getTime() + HOUR))).toBe('expired');
  });

  it('refuses a tampered expiry, signature or report id', () => {
    const later = String(Number(query.expires) + 3600);
    expect(verifyDownloadLink(KEY, SUBJECT, { ...query, expires: later }, NOW)).toBe('forged');
    const flipped = (query.signature[0] === 'a' ? 'b' : 'a') + query.signature.slice(1);
    expect(verifyDownloadLink(KEY, SUBJECT, { ...query, signature: flipped }, NOW)).toBe('forged');
    const otherReport = { ...SUBJECT, reportId: 'rpt_01JD0000000000000000000001' };
    expect(verifyDownloadLink(KEY, otherReport, query, NOW)).toBe('forged');
  });

  it('refuses a link for the same report id under another organization or another key', () => {
    expect(verifyDownloadLink(KEY, { ...SUBJECT, organizationId: 'org_B' }, query, NOW)).toBe('forged');
    expect(verifyDownloadLink(OTHER_KEY, SUBJECT, query, NOW)).toBe('forged');
  });

  it('refuses malformed parameters without comparing', () => {
    expect(verifyDownloadLink(KEY, SUBJECT, {}, NOW)).toBe('malformed');
    expect(verifyDownloadLink(KEY, SUBJECT, { ...query, expires: '-1' }, NOW)).toBe('malformed');
    expect(
      verifyDownloadLink(KEY, SUBJECT, { ...query, signature: query.signature.toUpperCase() }, NOW),
    ).toBe('malformed');
    expect(verifyDownloadLink(KEY, SUBJECT, { ...query, signature: query.signature.slice(2) }, NOW)).toBe(
      'malformed',
    );
    expect(verifyDownloadLink(KEY, SUBJECT, { ...query, signature: [query.signature] }, NOW)).toBe(
      'malformed',
    );
  });
});
