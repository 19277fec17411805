// What a bulk invite's or a scheduled wave's preview shows of its testers: the first of them, each
// with its waitlist position (— off the waitlist) and name, or its address masked by the API.
import { el, number } from './core.js';

/** Table rows of the preview's first testers. */
export function previewRows(testers) {
  if (testers.length === 0) return [el('tr', {}, el('td', { colspan: '2' }, 'Nobody.'))];
  return testers.map((tester) => el('tr', {}, el('td', {}, tester.position === null ? '—' : `#${number(tester.position)}`), el('td', {}, tester.name ?? tester.masked_email)));
}
