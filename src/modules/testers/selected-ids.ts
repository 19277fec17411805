// The `ids` filter of the tester list, its export and bulk actions: testers picked one by one (the
// console's row checkboxes), comma-separated. Bounded because the export of a selection carries
// them in its address, and Node refuses a request head over 16 KB (docs/decisions.md, "Owner console").
import { Errors } from '../../primitives/errors.ts';

/** The most testers `ids` may name; more are selected by a filter ("select all N matching"). */
export const MAX_SELECTED_IDS = 1000;

/** The longest `ids` text the schema lets through: the bound's ids at 16 digits each, with their commas. */
export const SELECTED_IDS_MAX_LENGTH = MAX_SELECTED_IDS * 17;

/** The ids `text` names, each once, in the order given; 2301 naming what is wrong. */
export function selectedIds(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  const bad = parts.find((part) => !/^[1-9][0-9]{0,15}$/.test(part));
  if (bad !== undefined) {
    throw Errors.testersGeneral(bad === '' ? 'ids is a comma-separated list of tester ids: one of them is empty' : `ids is a comma-separated list of tester ids: ${JSON.stringify(bad.slice(0, 20))} is not one`);
  }
  const ids = [...new Set(parts.map(Number))];
  if (ids.length > MAX_SELECTED_IDS) {
    throw Errors.testersGeneral(`ids names ${ids.length.toLocaleString('en')} testers; at most ${MAX_SELECTED_IDS.toLocaleString('en')} may be named: select the testers matching a filter instead`);
  }
  return ids;
}
