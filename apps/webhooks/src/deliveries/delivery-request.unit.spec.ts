import { createHmac } from 'node:crypto';
import { deliveryRequest, USER_AGENT } from './delivery-request';

const input = {
  url: 'https://hooks.example.com/governance',
  deliveryId: '019374b2-7c1e-7a3d-9f10-2b4c6d8e0f12',
  webhookId: 'wh_01JD5Z8Q3K4M6N7P8R9S0T1V2W',
  eventType: 'drift.detected',
  payload: '{"event":"drift.detected","details":{"description":"ü"}}',
  signingSecret: 'whsec_new',
  timeoutMs: 30_000,
};
const digest = (secret: string) =>
  createHmac('sha256', secret).update(Buffer.from(input.payload, 'utf8')).digest('hex');

describe('deliveryRequest', () => {
  it('carries exactly the spec headers, signed over the bytes sent', () => {
    const request = deliveryRequest(input);
    expect(request.body.equals(Buffer.from(input.payload, 'utf8'))).toBe(true);
    expect(request.headers).toEqual({
      'Content-Type': 'application/json',
      'X-Service-Event': 'drift.detected',
      'X-Service-Signature-256': `sha256=${digest('whsec_new')}`,
      'X-Service-Delivery': input.deliveryId,
      'X-Service-Hook-ID': input.webhookId,
      'User-Agent': USER_AGENT,
    });
  });

  it('during a rotation overlap, signs with the new secret then the previous one in the same header', () => {
    const request = deliveryRequest({ ...input, previousSigningSecret: 'whsec_old' });
    expect(request.headers['X-Service-Signature-256']).toBe(
      `sha256=${digest('whsec_new')},sha256=${digest('whsec_old')}`,
    );
    expect(
      deliveryRequest({ ...input, previousSigningSecret: null }).headers['X-Service-Signature-256'],
    ).toBe(`sha256=${digest('whsec_new')}`);
  });
});
