// Option-argument parsers for commander. They throw InvalidArgumentError, which commander reports
// as a usage error ("option '--company <id>' argument 'x' is invalid. …", exit code 2).
import { InvalidArgumentError } from 'commander';
import { parseIsoMoment } from '../primitives/time.ts';

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

/** An ISO 8601 moment (time.ts parseIsoMoment): a date (midnight UTC) or a date-time with its zone. */
export function parseIsoMomentArgument(text: string): Date {
  const moment = parseIsoMoment(text);
  if (!moment) throw new InvalidArgumentError('It must be an ISO 8601 date or date-time with a zone, e.g. 2027-01-31 or 2027-01-31T12:00:00Z.');
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
