// Option-argument parsers for commander. They throw InvalidArgumentError, which commander reports
// as a usage error ("option '--company <id>' argument 'x' is invalid. …", exit code 2).
import { InvalidArgumentError } from 'commander';

/** A database id: a positive whole number. */
export function parseIdArgument(text: string): number {
  if (!/^\d{1,15}$/.test(text) || Number(text) === 0) {
    throw new InvalidArgumentError('It must be a positive whole number.');
  }
  return Number(text);
}

/** A count such as --max-testers: a whole number, 0 or more. */
export function parseCountArgument(text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new InvalidArgumentError('It must be a whole number, 0 or more.');
  return Number(text);
}

/** A TCP port, 0 to 65535 (0 meaning none where the option says so). */
export function parsePortArgument(text: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535) throw new InvalidArgumentError('It must be a port number, 0 to 65535.');
  return Number(text);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * An ISO 8601 moment: a date (midnight UTC) or a date-time with its zone (Z or ±hh:mm).
 * A date-time without a zone is refused rather than read in the machine's local time.
 * Impossible dates (2027-02-30) are refused too, where Date would roll them into March.
 */
export function parseIsoMomentArgument(text: string): Date {
  const match = ISO_DATE.exec(text) ?? ISO_DATE_TIME.exec(text);
  const invalid = () =>
    new InvalidArgumentError('It must be an ISO 8601 date or date-time with a zone, e.g. 2027-01-31 or 2027-01-31T12:00:00Z.');
  if (!match) throw invalid();
  const [, year, month, day, hour = '0', minute = '0', second = '0', zone] = match;
  const fields = [year, month, day, hour, minute, second].map(Number);
  const check = new Date(Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]));
  const roundTrips =
    check.getUTCFullYear() === fields[0] &&
    check.getUTCMonth() === fields[1] - 1 &&
    check.getUTCDate() === fields[2] &&
    check.getUTCHours() === fields[3] &&
    check.getUTCMinutes() === fields[4] &&
    check.getUTCSeconds() === fields[5];
  if (zone && zone !== 'Z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(-2)) > 59)) throw invalid();
  const moment = new Date(zone ? text : `${text}T00:00:00Z`);
  if (!roundTrips || Number.isNaN(moment.getTime())) throw invalid();
  return moment;
}

/** An expiry: an ISO 8601 moment (as above) that is still ahead; a key born expired is a mistake. */
export function parseExpiryArgument(text: string): Date {
  const moment = parseIsoMomentArgument(text);
  if (moment.getTime() <= Date.now()) throw new InvalidArgumentError('It must be in the future.');
  return moment;
}

/** A comma-separated list; blanks around and between items are dropped. */
export function parseListArgument(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
