import { describe, expect, it } from 'vitest';
import { withCreated } from './useCreatedRows';

describe('withCreated', () => {
  const page = [{ id: 3 }, { id: 2 }];
  it('puts the rows created here on top of the page, once', () => {
    expect(withCreated(page, [{ id: 9 }, { id: 3 }])).toEqual([{ id: 9 }, { id: 3 }, { id: 2 }]);
  });
  it('leaves the page as it is when nothing was created, and waits for the page', () => {
    expect(withCreated(page, [])).toEqual(page);
    expect(withCreated(undefined, [{ id: 9 }])).toBeUndefined();
  });
});
