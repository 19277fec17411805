// The fraud replay alone (no database): the limit per IP over a rolling day, a subnet burst (an
// IPv4 tester's network from its IP, an IPv6 one's as stored), a referral held today that the
// replay finds clean credited (its referrer moves up), and positions by points, with the owner's
// priorities ranking first.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultSettings } from '../../../src/modules/betas/beta-settings.ts';
import { FraudReplay, positionsChanged, WaitlistColumns, type ReplayedTester } from '../../../src/modules/fraud/fraud-simulation.ts';

let nextId = 1;
function tester(fields: Partial<ReplayedTester> = {}): ReplayedTester {
  const id = fields.id ?? nextId++;
  return {
    id,
    email: `t${id}@example.com`,
    email_normalized: `t${id}@example.com`,
    email_alias_key: `t${id}@example.com`,
    signup_ip: `198.51.${id}.1`,
    signup_subnet: null,
    signup_user_agent: 'agent',
    country: null,
    created_at: '2026-11-01T00:00:00.000Z',
    status: 'applied',
    hidden: 0,
    applied_at: '2026-11-01T00:00:00.000Z',
    share_signups_count: 0,
    points: 1,
    priority: 0,
    referrer_id: null,
    referral_credited_at: null,
    referral_accepted_at: null,
    referral_reversed_at: null,
    referral_held: 0,
    imported_at: null,
    referrer_email: null,
    referrer_signup_ip: null,
    referrer_signup_user_agent: null,
    referrer_fraud_flags: null,
    ...fields,
  };
}

describe('fraud replay', () => {
  test('the limit per IP counts the signups of the last 24 hours the replay kept', () => {
    const replay = new FraudReplay({ ...defaultSettings(), max_signups_per_ip_per_day: 1, fraud_mode: 'block' }, new Map());
    const from = (hours: number) => tester({ signup_ip: '203.0.113.9', created_at: new Date(Date.UTC(2026, 10, 1) + hours * 3_600_000).toISOString() });
    const [first, second, third, fourth] = [from(0), from(1), from(24.5), from(25)];
    for (const signup of [first, second, third, fourth]) replay.check(signup);
    assert.deepEqual([first, second, third, fourth].map((t) => replay.isRefused(t.id)), [false, true, false, true]);
    const rule = replay.outcomes().find((outcome) => outcome.rule === 'max_signups_per_ip_per_day')!;
    assert.equal(rule.refused, 2);
    assert.deepEqual(rule.examples.map((example) => example.tester_id), [second.id, fourth.id]);
  });

  test('subnet_burst: the 20th signup from one network within an hour, IPv4 from the IP and IPv6 as stored', () => {
    const replay = new FraudReplay(defaultSettings(), new Map());
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1) + minutes * 60_000).toISOString();
    const v4 = Array.from({ length: 20 }, (_, i) => tester({ signup_ip: `203.0.113.${i + 1}`, created_at: at(i) }));
    const v6 = Array.from({ length: 20 }, (_, i) => tester({ signup_ip: null, signup_subnet: '2001:db8:5::/48', created_at: at(i) }));
    // An hour after the second, the first two have left the window: 19 in it with the late one.
    const late = tester({ signup_ip: '203.0.113.99', created_at: at(61) });
    for (const signup of [...v4, ...v6, late]) replay.check(signup);
    const rule = replay.outcomes().find((outcome) => outcome.rule === 'subnet_burst')!;
    assert.deepEqual([rule.flagged, rule.held, rule.refused], [2, 0, 0]);
    assert.deepEqual(rule.examples, [
      { tester_id: v4[19].id, email: v4[19].email, outcome: 'flagged', reason: 'At least 20 signups from the network 203.0.113.0/24 within an hour, this one included' },
      { tester_id: v6[19].id, email: v6[19].email, outcome: 'flagged', reason: 'At least 20 signups from the network 2001:db8:5::/48 within an hour, this one included' },
    ]);
    assert.equal(replay.isRefused(late.id), false);
  });

  test('a referral held today that the replay finds clean is credited: by points, its referrer moves up', () => {
    const settings = { ...defaultSettings(), waitlist_order: 'points' as const, referral_points: 5 };
    const replay = new FraudReplay(settings, new Map());
    const early = tester({ points: 3 });
    const referrer = tester({ points: 1 });
    // Held at signup (then flagged as from the referrer's IP); the referrer's row has another IP now.
    const referred = tester({ referrer_id: referrer.id, referral_held: 1, referrer_email: referrer.email, referrer_signup_ip: '192.0.2.1', referrer_signup_user_agent: 'other' });
    const waitlist = new WaitlistColumns();
    for (const t of [early, referrer, referred]) {
      replay.check(t);
      waitlist.add(t);
    }
    assert.deepEqual([...replay.creditChanges], [[referrer.id, 1]]);
    // Before: early (3), referrer (1), referred (1). After: referrer (6), early (3), referred (1).
    assert.equal(positionsChanged('points', waitlist, replay, settings.referral_points), 2);
    assert.equal(positionsChanged('signup_time', waitlist, replay, settings.referral_points), 0);
  });

  test("a tester the owner placed first stays first: the credit moves only those below the priority", () => {
    const settings = { ...defaultSettings(), waitlist_order: 'points' as const, referral_points: 5 };
    const replay = new FraudReplay(settings, new Map());
    const placed = tester({ points: 2, priority: 1 });
    const early = tester({ points: 3 });
    const referrer = tester({ points: 1 });
    const referred = tester({ referrer_id: referrer.id, referral_held: 1, referrer_email: referrer.email, referrer_signup_ip: '192.0.2.1', referrer_signup_user_agent: 'other' });
    const waitlist = new WaitlistColumns();
    for (const t of [placed, early, referrer, referred]) {
      replay.check(t);
      waitlist.add(t);
    }
    // Before: placed, early (3), referrer (1), referred (1). After: placed, referrer (6), early (3), referred (1).
    assert.equal(positionsChanged('points', waitlist, replay, settings.referral_points), 2);
    // Without the priority the placed tester (2 points) would stand second, then be passed: three would move.
    const unplaced = new WaitlistColumns();
    for (const t of [{ ...placed, priority: 0 }, early, referrer, referred]) unplaced.add(t);
    assert.equal(positionsChanged('points', unplaced, replay, settings.referral_points), 3);
  });
});
