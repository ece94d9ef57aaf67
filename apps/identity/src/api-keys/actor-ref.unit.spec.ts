import { newId } from '@governance/contracts';
import { actorColumn, actorRefOf } from './actor-ref';

describe('actorRefOf', () => {
  it('reads a person or a key back from the column that stored its id', () => {
    const user = newId('user');
    const key = newId('apiKey');
    const asUser = actorColumn({ type: 'user', id: user, sessionId: newId('session'), role: 'admin' });
    const asKey = actorColumn({ type: 'api_key', id: key, scope: 'full' });
    expect(actorRefOf(asUser)).toEqual({ type: 'user', id: user });
    expect(actorRefOf(asKey)).toEqual({ type: 'api_key', id: key });
  });

  it('is null for the admin API and anything it does not recognise', () => {
    expect(actorRefOf(null)).toBeNull();
    expect(actorRefOf('admin')).toBeNull();
  });
});
