import { catchUpPauseMs, MAX_CATCH_UP_PAUSE_MS } from './catch-up-pause';

describe('catchUpPauseMs', () => {
  it('waits as long as the last batch took', () => {
    expect(catchUpPauseMs(0)).toBe(0);
    expect(catchUpPauseMs(3.5)).toBe(3.5);
    expect(catchUpPauseMs(MAX_CATCH_UP_PAUSE_MS)).toBe(MAX_CATCH_UP_PAUSE_MS);
  });

  it('never longer than the cap, and never negative on a clock that stepped back', () => {
    expect(catchUpPauseMs(250)).toBe(MAX_CATCH_UP_PAUSE_MS);
    expect(catchUpPauseMs(-5)).toBe(0);
  });
});
