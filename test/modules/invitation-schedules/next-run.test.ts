// The next run of a "top N" schedule on a fixed clock: local time kept on both sides of a
// daylight-saving change, a time the spring-forward day skips run at the end of the gap, a time
// the fall-back day shows twice run once, the weekday of a weekly wave, zones east and west.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { instantOf, isTimeOfDay, isTimeZone, nextRun, type Recurrence } from '../../../src/modules/invitation-schedules/next-run.ts';

const iso = (date: Date) => date.toISOString();
const daily = (at: string, time_zone = 'Europe/Paris'): Recurrence => ({ every: 'day', at, time_zone });

/** The runs after `from`, one after the other. */
function runs(recurrence: Recurrence, from: string, count: number): string[] {
  const found: string[] = [];
  let after = new Date(from);
  for (let i = 0; i < count; i++) {
    after = nextRun(recurrence, after);
    found.push(iso(after));
  }
  return found;
}

describe('next run of a schedule', () => {
  test('10:00 Europe/Paris stays at 10:00 local across the spring and autumn changes', () => {
    // 2027-03-28: clocks go from 02:00 CET (+1) to 03:00 CEST (+2).
    assert.deepEqual(runs(daily('10:00'), '2027-03-26T12:00:00Z', 3), ['2027-03-27T09:00:00.000Z', '2027-03-28T08:00:00.000Z', '2027-03-29T08:00:00.000Z']);
    // 2027-10-31: back from 03:00 CEST to 02:00 CET.
    assert.deepEqual(runs(daily('10:00'), '2027-10-29T12:00:00Z', 3), ['2027-10-30T08:00:00.000Z', '2027-10-31T09:00:00.000Z', '2027-11-01T09:00:00.000Z']);
  });

  test('a time the spring-forward day skips runs at the first instant after the gap, then at its time again', () => {
    assert.deepEqual(runs(daily('02:30'), '2027-03-27T02:00:00Z', 3), [
      '2027-03-28T01:00:00.000Z', // 03:00 CEST, the end of the gap
      '2027-03-29T00:30:00.000Z', // 02:30 CEST
      '2027-03-30T00:30:00.000Z',
    ]);
    // New York skips 02:00–03:00 on 2027-03-14.
    assert.deepEqual(runs(daily('02:00', 'America/New_York'), '2027-03-13T12:00:00Z', 2), ['2027-03-14T07:00:00.000Z', '2027-03-15T06:00:00.000Z']);
  });

  test('a time the fall-back day shows twice runs once, at the first', () => {
    // 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET) on 2027-10-31.
    assert.deepEqual(runs(daily('02:30'), '2027-10-30T12:00:00Z', 2), ['2027-10-31T00:30:00.000Z', '2027-11-01T01:30:00.000Z']);
    // Asked between the two: the second is not a run.
    assert.equal(iso(nextRun(daily('02:30'), new Date('2027-10-31T00:45:00Z'))), '2027-11-01T01:30:00.000Z');
    assert.equal(instantOf(Date.UTC(2027, 9, 31, 2, 30), 'Europe/Paris'), Date.parse('2027-10-31T00:30:00Z'));
  });

  test('every week on its weekday; strictly after the instant asked from', () => {
    const mondays: Recurrence = { every: 'week', weekday: 'monday', at: '10:00', time_zone: 'Europe/Paris' };
    // Sunday 2027-03-21: Monday the 22nd (CET), then the 29th (CEST, after the change).
    assert.deepEqual(runs(mondays, '2027-03-21T10:00:00Z', 2), ['2027-03-22T09:00:00.000Z', '2027-03-29T08:00:00.000Z']);
    // At the run itself: the next week's.
    assert.equal(iso(nextRun(mondays, new Date('2027-03-22T09:00:00Z'))), '2027-03-29T08:00:00.000Z');
    // A minute before: this one.
    assert.equal(iso(nextRun(mondays, new Date('2027-03-22T08:59:00Z'))), '2027-03-22T09:00:00.000Z');
    const sundays: Recurrence = { every: 'week', weekday: 'sunday', at: '23:30', time_zone: 'Pacific/Auckland' };
    // Auckland is 13 hours ahead in its summer: Sunday 23:30 there is Sunday 10:30 UTC.
    assert.equal(iso(nextRun(sundays, new Date('2026-12-06T00:00:00Z'))), '2026-12-06T10:30:00.000Z');
  });

  test('a zone west of UTC, and UTC itself, count the local day', () => {
    // 06:00Z is 22:00 of the 5th in Los Angeles: 23:00 the same local evening.
    assert.equal(iso(nextRun(daily('23:00', 'America/Los_Angeles'), new Date('2026-12-06T06:00:00Z'))), '2026-12-06T07:00:00.000Z');
    assert.equal(iso(nextRun(daily('00:00', 'UTC'), new Date('2026-12-06T00:00:00Z'))), '2026-12-07T00:00:00.000Z');
    assert.equal(iso(nextRun(daily('09:15', 'Asia/Kolkata'), new Date('2026-12-06T00:00:00Z'))), '2026-12-06T03:45:00.000Z');
  });

  test('what is a time zone and a time of day', () => {
    for (const zone of ['Europe/Paris', 'America/New_York', 'UTC', 'Asia/Kathmandu']) assert.equal(isTimeZone(zone), true, zone);
    for (const zone of ['Europe/Pariss', 'Mars/Olympus', '', ' ', 'x'.repeat(65)]) assert.equal(isTimeZone(zone), false, zone);
    for (const time of ['00:00', '09:05', '23:59']) assert.equal(isTimeOfDay(time), true, time);
    for (const time of ['24:00', '9:05', '10:60', '10:00:00', '10h00', '']) assert.equal(isTimeOfDay(time), false, time);
  });
});
