// The plan of a set of schedules against plans computed by hand: "1,000 now, then the top 500 every
// Monday at 10:00" across a daylight-saving change, testers a referral schedule takes out of order,
// two schedules side by side, a skipped and a paused one, and the bounds.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_SIMULATED_WAVES, simulate, type SimulatedTop } from '../../../src/modules/invitation-schedules/simulation.ts';

// Saturday 2027-03-20, 13:00 in Paris; the clocks change on Sunday the 28th.
const start = new Date('2027-03-20T12:00:00Z');
const mondays: SimulatedTop = { count: 500, every: 'week', weekday: 'monday', at: '10:00', time_zone: 'Europe/Paris' };
const shown = (plan: ReturnType<typeof simulate>) => ({
  waves: plan.waves.map((wave) => [wave.at.toISOString(), wave.invited, wave.through_position]),
  last: plan.last_invited_at?.toISOString() ?? null,
});

describe('simulated plan', () => {
  test('1,000 now, then the top 500 every Monday at 10:00 Paris, over a list of 2,600', () => {
    assert.deepEqual(shown(simulate({ start, length: 2600, now: 1000, top: [mondays], referralPositions: null })), {
      waves: [
        ['2027-03-20T12:00:00.000Z', 1000, 1000],
        ['2027-03-22T09:00:00.000Z', 500, 1500], // CET
        ['2027-03-29T08:00:00.000Z', 500, 2000], // CEST: still 10:00 in Paris
        ['2027-04-05T08:00:00.000Z', 500, 2500],
        ['2027-04-12T08:00:00.000Z', 100, 2600],
      ],
      last: '2027-04-12T08:00:00.000Z',
    });
  });

  test('testers a referral schedule takes at once are not invited again by the top waves', () => {
    // Position 3 is in the first 1,000 already; 1,200, 1,201 and 2,000 go at once.
    const plan = simulate({ start, length: 2010, now: 1000, top: [mondays], referralPositions: [3, 1200, 1201, 2000] });
    assert.deepEqual(shown(plan), {
      waves: [
        ['2027-03-20T12:00:00.000Z', 1000, 1000],
        ['2027-03-20T12:00:00.000Z', 3, 1000],
        // 1,001–1,199 (199), then past 1,200 and 1,201, 1,202–1,502 (301).
        ['2027-03-22T09:00:00.000Z', 500, 1502],
        // 1,503–1,999 (497), past 2,000, 2,001–2,003 (3).
        ['2027-03-29T08:00:00.000Z', 500, 2003],
        ['2027-04-05T08:00:00.000Z', 7, 2010],
      ],
      last: '2027-04-05T08:00:00.000Z',
    });
  });

  test('two schedules side by side in time order; a skipped first run; a paused schedule runs nothing', () => {
    const daily: SimulatedTop = { count: 10, every: 'day', at: '09:00', time_zone: 'UTC', skip_next: true };
    const paused: SimulatedTop = { ...mondays, count: 1000, paused: true };
    const plan = simulate({ start, length: 520, top: [mondays, daily, paused], referralPositions: null });
    assert.deepEqual(shown(plan), {
      waves: [
        // Sunday 21st 09:00 UTC skipped; Monday: the daily wave at 09:00 UTC and the weekly one at 09:00 UTC too (10:00 CET), in the order given.
        ['2027-03-22T09:00:00.000Z', 500, 500],
        ['2027-03-22T09:00:00.000Z', 10, 510],
        ['2027-03-23T09:00:00.000Z', 10, 520],
      ],
      last: '2027-03-23T09:00:00.000Z',
    });
  });

  test('bounded: no schedule leaves the list waiting; a long plan stops after the most waves', () => {
    assert.deepEqual(shown(simulate({ start, length: 50, now: 20, top: [], referralPositions: null })), { waves: [['2027-03-20T12:00:00.000Z', 20, 20]], last: null });
    const slow = simulate({ start, length: 1_000_000, top: [{ count: 1, every: 'day', at: '09:00', time_zone: 'UTC' }], referralPositions: null });
    assert.equal(slow.waves.length, MAX_SIMULATED_WAVES);
    assert.equal(slow.last_invited_at, null);
    assert.deepEqual(shown(simulate({ start, length: 0, now: 5, top: [mondays], referralPositions: [] })), { waves: [], last: null });
    // Everyone invited now: the last at the start.
    assert.deepEqual(shown(simulate({ start, length: 5, now: 10, top: [mondays], referralPositions: null })), { waves: [['2027-03-20T12:00:00.000Z', 5, 5]], last: '2027-03-20T12:00:00.000Z' });
  });
});
