import { systemSnapshot } from '@governance/testing';
import {
  decideRegistration,
  EDITABLE_FIELDS,
  type EditableSystem,
  planSystemUpdate,
  renames,
} from './system-rules';
import { likePattern } from './system-records';

const snapshot = systemSnapshot({
  name: 'Support Bot',
  description: 'Answers tickets',
  owner: 'cx-team',
  vendor: 'OpenAI',
  model: 'gpt-4o',
  risk_tier: 'limited',
  environment: 'production',
  host: 'bot-1.internal',
  runtime: 'python3.12',
  tags: ['customer-facing', 'pii'],
  declared: false,
});
const current = Object.fromEntries(
  EDITABLE_FIELDS.map((field) => [field, snapshot[field]]),
) as EditableSystem;

describe('planSystemUpdate', () => {
  it('changes only the fields whose value differs', () => {
    expect(
      planSystemUpdate(current, {
        name: 'Support Bot',
        owner: 'platform',
        risk_tier: 'limited',
        model: 'gpt-4.1',
      }),
    ).toEqual({ ok: true, changes: { owner: 'platform', model: 'gpt-4.1' } });
  });

  it('is a no-op when nothing differs, including an empty patch', () => {
    expect(planSystemUpdate(current, {})).toEqual({ ok: true, changes: {} });
    expect(planSystemUpdate(current, { ...current })).toEqual({ ok: true, changes: {} });
  });

  it('clears an optional text field with null, and treats clearing an empty field as no change', () => {
    expect(planSystemUpdate(current, { description: null })).toEqual({
      ok: true,
      changes: { description: null },
    });
    expect(planSystemUpdate({ ...current, description: null }, { description: null })).toEqual({
      ok: true,
      changes: {},
    });
  });

  it('compares tags as an ordered list', () => {
    expect(planSystemUpdate(current, { tags: ['customer-facing', 'pii'] })).toEqual({
      ok: true,
      changes: {},
    });
    expect(planSystemUpdate(current, { tags: ['pii', 'customer-facing'] })).toEqual({
      ok: true,
      changes: { tags: ['pii', 'customer-facing'] },
    });
    expect(planSystemUpdate(current, { tags: [] })).toEqual({ ok: true, changes: { tags: [] } });
  });

  it('adopts a discovered system with declared: true, and a declared one stays as it is', () => {
    expect(planSystemUpdate(current, { declared: true })).toEqual({ ok: true, changes: { declared: true } });
    expect(planSystemUpdate({ ...current, declared: true }, { declared: true })).toEqual({
      ok: true,
      changes: {},
    });
  });

  it('refuses to un-declare a declared system, naming the field', () => {
    const plan = planSystemUpdate({ ...current, declared: true }, { declared: false, owner: 'x' });
    expect(plan).toEqual({ ok: false, problems: [{ field: 'declared', message: expect.any(String) }] });
  });

  it('takes declared: false on a system still undeclared as no change', () => {
    expect(planSystemUpdate(current, { declared: false })).toEqual({ ok: true, changes: {} });
  });

  it('retires and reactivates, and repeating the current status changes nothing', () => {
    expect(planSystemUpdate(current, { status: 'retired' })).toEqual({
      ok: true,
      changes: { status: 'retired' },
    });
    expect(planSystemUpdate({ ...current, status: 'retired' }, { status: 'active' })).toEqual({
      ok: true,
      changes: { status: 'active' },
    });
    expect(planSystemUpdate(current, { status: 'active' })).toEqual({ ok: true, changes: {} });
  });

  it('treats a change of case in the name as a rename', () => {
    const plan = planSystemUpdate(current, { name: 'support bot' });
    expect(plan).toEqual({ ok: true, changes: { name: 'support bot' } });
    expect(plan.ok && renames(plan.changes)).toBe(true);
    expect(renames({ owner: 'x' })).toBe(false);
  });
});

describe('decideRegistration', () => {
  const none = { idExists: false, idMergedInto: undefined, sameNameSystemId: undefined };

  it('creates a system with a new id and a free name', () => {
    expect(decideRegistration(none)).toEqual({ kind: 'create' });
  });

  it('ignores an id it already holds, whatever the name', () => {
    expect(decideRegistration({ ...none, idExists: true, sameNameSystemId: 'sys_x' })).toEqual({
      kind: 'ignore',
      reason: 'id_exists',
    });
  });

  it('ignores an id it already merged', () => {
    expect(decideRegistration({ ...none, idMergedInto: 'sys_y', sameNameSystemId: 'sys_y' })).toEqual({
      kind: 'ignore',
      reason: 'id_merged',
    });
  });

  it('merges a new id into the system that holds the name', () => {
    expect(decideRegistration({ ...none, sameNameSystemId: 'sys_y' })).toEqual({
      kind: 'merge',
      into: 'sys_y',
    });
  });
});

describe('likePattern', () => {
  it('takes wildcards and the escape character literally', () => {
    expect(likePattern('bot')).toBe('%bot%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
