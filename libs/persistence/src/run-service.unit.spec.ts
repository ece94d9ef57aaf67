import { parseServiceCommand } from './run-service';

describe('parseServiceCommand', () => {
  it('serves without arguments and migrates with `migrate`', () => {
    expect(parseServiceCommand([])).toBe('serve');
    expect(parseServiceCommand(['migrate'])).toBe('migrate');
  });

  it.each([[['migrations']], [['migrate', '--force']], [['serve']], [['Migrate']]])(
    'refuses %j rather than start the service in a migration job',
    (args) => {
      expect(() => parseServiceCommand(args)).toThrow(/usage: main\.js \[migrate\]/);
    },
  );
});
