import { randomBytes } from 'node:crypto';
import { SecretBox } from '@governance/platform';
import { SigningSecretCache } from './signing-secret-cache';

/** Counts the opens that reach AES-GCM. */
class CountingSecretBox extends SecretBox {
  opens = 0;

  override open(sealed: string, boundTo: string): string {
    this.opens += 1;
    return super.open(sealed, boundTo);
  }
}

describe('SigningSecretCache', () => {
  const box = new CountingSecretBox(randomBytes(32));

  beforeEach(() => {
    box.opens = 0;
  });

  it('opens a webhook secret once for any number of deliveries', () => {
    const cache = new SigningSecretCache(box);
    const sealed = box.seal('whsec_one', 'wh_1');
    for (let delivery = 0; delivery < 5; delivery += 1) expect(cache.open(sealed, 'wh_1')).toBe('whsec_one');
    expect(box.opens).toBe(1);
  });

  it('opens the new secret as soon as the row holds a rotated one', () => {
    const cache = new SigningSecretCache(box);
    expect(cache.open(box.seal('whsec_old', 'wh_1'), 'wh_1')).toBe('whsec_old');
    expect(cache.open(box.seal('whsec_new', 'wh_1'), 'wh_1')).toBe('whsec_new');
    expect(box.opens).toBe(2);
  });

  it("keeps a webhook's current and previous secrets opened together during a rotation's overlap", () => {
    const cache = new SigningSecretCache(box);
    const [current, previous, older] = ['whsec_c', 'whsec_p', 'whsec_o'].map((secret) =>
      box.seal(secret, 'wh_1'),
    );
    for (let delivery = 0; delivery < 5; delivery += 1) {
      expect(cache.open(current!, 'wh_1')).toBe('whsec_c');
      expect(cache.open(previous!, 'wh_1')).toBe('whsec_p');
    }
    expect(box.opens).toBe(2);
    // A third secret (a second rotation) pushes out the least recently opened of the two.
    cache.open(older!, 'wh_1');
    cache.open(previous!, 'wh_1');
    expect(box.opens).toBe(3);
    cache.open(current!, 'wh_1');
    expect(box.opens).toBe(4);
  });

  it('never hands one webhook the secret cached for another, and still refuses a moved ciphertext', () => {
    const cache = new SigningSecretCache(box);
    const sealed = box.seal('whsec_one', 'wh_1');
    expect(cache.open(sealed, 'wh_1')).toBe('whsec_one');
    expect(() => cache.open(sealed, 'wh_2')).toThrow();
    expect(cache.open(box.seal('whsec_two', 'wh_2'), 'wh_2')).toBe('whsec_two');
  });

  it('keeps at most its bound, dropping the least recently used webhook', () => {
    const cache = new SigningSecretCache(box, 2);
    const sealed = ['wh_1', 'wh_2', 'wh_3'].map((id) => box.seal(`whsec_${id}`, id));
    cache.open(sealed[0]!, 'wh_1');
    cache.open(sealed[1]!, 'wh_2');
    cache.open(sealed[0]!, 'wh_1');
    cache.open(sealed[2]!, 'wh_3');
    expect(box.opens).toBe(3);
    cache.open(sealed[0]!, 'wh_1');
    expect(box.opens).toBe(3);
    cache.open(sealed[1]!, 'wh_2');
    expect(box.opens).toBe(4);
  });
});
