// How an export writes a tester: CSV cells quoted as RFC 4180 asks and guarded against formulas,
// the columns every field of the tester flattened with dotted names, NDJSON one line per tester.
// Read back with the tests' own CSV reader (test/support/csv.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cellText, csvLayout, csvRecord, ndjsonLine, type ExportedTester } from '../../../src/modules/testers/export-format.ts';
import { readCsv } from '../../support/csv.ts';
import { PROFILE_FIELDS, TESTER_FIELDS } from './support.ts';

/** A tester as an export gets it, every field set (the values matter less than their shapes). */
function exported(overrides: Partial<ExportedTester> = {}): ExportedTester {
  const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, null])) as Record<string, string | null>;
  return {
    id: 7, uuid: '3fe5a385-8f08-48ca-b057-02885c3f7adf', email: 'ada@example.com', status: 'applied', invitation_code: '',
    imported_at: null, applied_at: '2026-11-22T09:15:00Z', invited_at: null, joined_at: null, unsubscribed_at: null,
    share_clicks_count: 2, share_signups_count: 1, friend_invitations_allowed: 5, friend_invitations_count: 0, friend_invitations_remaining: 5,
    referral_code: 'abc12', share_link: 'https://p.test/r/abc12', share_status_link: 'https://p.test/r/abc12?check=x',
    waitlist_position: 1, waitlist_ahead: 0, waitlist_behind: 3, waitlist_length: 4, referred_by: 'ref@example.com', referral_channel: 'x', groups: 'a,b',
    created_at: '2026-11-22T09:15:00Z', updated_at: '2026-11-22T09:15:00Z',
    profile: { ...profile, first_name: 'Ada' },
    fraud: { signup_ip: null, signup_user_agent: null, flags: [{ name: 'disposable_email', reason: 'a "throwaway" domain' }], referral: 'credited', referral_accepted_at: null },
    responses: [{ question_id: 3, question: 'Why?', answer: 'because' }],
    points: -4,
    priority: 0,
    ...overrides,
  } as ExportedTester;
}

describe('export format', () => {
  test('cells: commas, quotes and line breaks are quoted, quotes doubled; plain text is left bare', () => {
    const cells = ['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rlf\r\n', '', 'Zoë 🎉'];
    const record = csvRecord(cells);
    assert.equal(record, 'plain,"a,b","say ""hi""","two\nlines","cr\rlf\r\n",,Zoë 🎉\r\n');
    assert.deepEqual(readCsv(record), [cells]);
  });

  test('a text cell a spreadsheet would run as a formula gets a leading apostrophe; numbers and other text do not', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) assert.equal(cellText(`${start}HYPERLINK("x")`), `'${start}HYPERLINK("x")`, JSON.stringify(start));
    assert.equal(cellText('a=b'), 'a=b');
    assert.equal(cellText("'quoted"), "'quoted");
    assert.equal(cellText(-4), '-4');
    assert.equal(cellText(0), '0');
    assert.equal(cellText(null), '');
    assert.equal(cellText(undefined), '');
    assert.equal(cellText([{ name: 'x' }]), '[{"name":"x"}]');
    // Guarded and quoted both: the apostrophe is inside the quotes.
    assert.deepEqual(readCsv(csvRecord([cellText('=1+2,"x"\n')])), [[`'=1+2,"x"\n`]]);
  });

  test('the header names every field of the tester, nested ones dotted, points, then one column per question', () => {
    const layout = csvLayout([3, 9]);
    const [header] = readCsv(layout.header);
    const expected = [
      ...TESTER_FIELDS.filter((field) => field !== 'profile' && field !== 'fraud'),
      ...PROFILE_FIELDS.map((field) => `profile.${field}`),
      ...['signup_ip', 'signup_user_agent', 'flags', 'referral', 'referral_accepted_at'].map((field) => `fraud.${field}`),
      'points',
    ];
    assert.deepEqual([...header.slice(0, -2)].sort(), expected.sort());
    assert.deepEqual(header.slice(-2), ['responses.3', 'responses.9']);
    assert.equal(new Set(header).size, header.length, 'no name twice');
  });

  test("a record holds each field's value under its name: null empty, a list as JSON, an answer under its question", () => {
    const layout = csvLayout([3, 9]);
    const tester = exported({ profile: { ...exported().profile, city: '=cmd|" /C calc"!A0', last_name: 'O"Hara, Jr.\nII' } });
    const [[header], [record]] = [readCsv(layout.header), readCsv(layout.record(tester))];
    const cell = (name: string) => record[header.indexOf(name)];
    assert.equal(record.length, header.length);
    assert.equal(cell('id'), '7');
    assert.equal(cell('email'), 'ada@example.com');
    assert.equal(cell('imported_at'), '');
    assert.equal(cell('groups'), 'a,b');
    assert.equal(cell('waitlist_behind'), '3');
    assert.equal(cell('profile.first_name'), 'Ada');
    assert.equal(cell('profile.city'), `'=cmd|" /C calc"!A0`);
    assert.equal(cell('profile.last_name'), 'O"Hara, Jr.\nII');
    assert.equal(cell('profile.telephone'), '');
    assert.equal(cell('fraud.flags'), JSON.stringify(tester.fraud.flags));
    assert.equal(cell('fraud.referral'), 'credited');
    assert.equal(cell('points'), '-4');
    assert.equal(cell('responses.3'), 'because');
    assert.equal(cell('responses.9'), '', 'no answer to question 9');
  });

  test('NDJSON: the tester as JSON on one line, a line break inside a value escaped', () => {
    const tester = exported({ email: 'a\nb@example.com' });
    const line = ndjsonLine(tester);
    assert.equal(line.indexOf('\n'), line.length - 1);
    assert.deepEqual(JSON.parse(line), tester);
  });
});
