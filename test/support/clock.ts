// A clock for tests, in a file of its own so that a unit test can use it without importing the
// helpers that start the app.
import type { Clock } from '../../src/primitives/time.ts';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-22T09:15:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}
