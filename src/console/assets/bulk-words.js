// What the testers table's selection and the bulk actions page share about a bulk action: what it
// does in words, its confirm button's verb, and a deletion confirmed by typing how many testers.

/** What the action (an API body or answer) does to `whom`, in words: "add 3 testers to the group early". */
export function actionText(body, whom) {
  switch (body.action) {
    case 'invite':
      return `invite ${whom}`;
    case 'set_status':
      return `set the status ${body.status} for ${whom}`;
    case 'add_to_group':
      return `add ${whom} to the group ${body.group}`;
    case 'remove_from_group':
      return `remove ${whom} from the group ${body.group}`;
    default:
      return `delete ${whom}`;
  }
}

export const capitalised = (text) => `${text[0].toUpperCase()}${text.slice(1)}`;

/** The confirm button's verb, before the number of testers: "Delete 2 testers". */
export const CONFIRM_VERBS = { invite: 'Invite', set_status: 'Change', add_to_group: 'Add', remove_from_group: 'Remove', delete: 'Delete' };

/** Whether what was typed is the deletion's number of testers (separators typed or not). */
export const typedTotal = (typed, total) => typed.replace(/[^0-9]/g, '') === String(total);
