import { describe, expect, it } from 'vitest';
import { withLesson } from '../../client/lib/marketing/training-progress';

describe('training progress in the browser', () => {
  it('adds a completed lesson once and removes an uncompleted one', () => {
    expect(withLesson([], 'm1-welcome', true)).toEqual(['m1-welcome']);
    expect(withLesson(['m1-welcome'], 'm1-welcome', true)).toEqual(['m1-welcome']);
    expect(withLesson(['m1-welcome', 'm1-team'], 'm1-welcome', false)).toEqual(['m1-team']);
    expect(withLesson(['m1-team'], 'm1-welcome', false)).toEqual(['m1-team']);
  });
});
