import { classifyFailure } from './consumer-failure';

const withCode = (code: string, message = 'failed'): Error => Object.assign(new Error(message), { code });
/** TypeORM's QueryFailedError: the driver's error under `driverError`, its code copied on top. */
const queryFailed = (code: string): Error =>
  Object.assign(new Error('query failed'), { name: 'QueryFailedError', code, driverError: withCode(code) });

describe('classifyFailure', () => {
  it.each([
    ['serialization failure', '40001'],
    ['deadlock', '40P01'],
    ['lock not available', '55P03'],
    ['query canceled (statement time-out)', '57014'],
    ['admin shutdown', '57P01'],
    ['crash shutdown', '57P02'],
    ['cannot connect now', '57P03'],
    ['too many connections', '53300'],
    ['disk full', '53100'],
    ['out of memory', '53200'],
    ['connection failure', '08006'],
    ['connection does not exist', '08003'],
  ])('retries %s (%s) for ever', (_name, code) => {
    expect(classifyFailure(withCode(code))).toBe('transient');
    expect(classifyFailure(queryFailed(code))).toBe('transient');
  });

  it.each([
    ['invalid text representation (a non-UUID id)', '22P02'],
    ['unique violation', '23505'],
    ['not-null violation', '23502'],
    ['foreign key violation', '23503'],
    ['undefined column', '42703'],
    ['numeric value out of range', '22003'],
  ])('counts %s (%s) as permanent', (_name, code) => {
    expect(classifyFailure(withCode(code))).toBe('permanent');
    expect(classifyFailure(queryFailed(code))).toBe('permanent');
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'])(
    'retries the socket error %s',
    (code) => expect(classifyFailure(withCode(code))).toBe('transient'),
  );

  it('retries what the database driver reports in words only', () => {
    expect(classifyFailure(new Error('Connection terminated unexpectedly'))).toBe('transient');
    expect(classifyFailure(new Error('timeout exceeded when trying to connect'))).toBe('transient');
  });

  it('retries broker errors kafkajs marks retriable or names as connection errors', () => {
    expect(classifyFailure(Object.assign(new Error('leader moved'), { retriable: true }))).toBe('transient');
    expect(classifyFailure(Object.assign(new Error('broker down'), { name: 'KafkaJSConnectionError' }))).toBe(
      'transient',
    );
    expect(classifyFailure(Object.assign(new Error('bad request'), { retriable: false }))).toBe('permanent');
  });

  it('looks through causes', () => {
    expect(classifyFailure(new Error('wrapped', { cause: withCode('40P01') }))).toBe('transient');
    expect(classifyFailure(new Error('wrapped', { cause: new TypeError('x is undefined') }))).toBe(
      'permanent',
    );
  });

  it('counts programming errors and non-errors as permanent', () => {
    expect(classifyFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      'permanent',
    );
    expect(classifyFailure('a string')).toBe('permanent');
    expect(classifyFailure(undefined)).toBe('permanent');
    const cyclic: { cause?: unknown; message: string } = { message: 'cyclic' };
    cyclic.cause = cyclic;
    expect(classifyFailure(cyclic)).toBe('permanent');
  });
});
