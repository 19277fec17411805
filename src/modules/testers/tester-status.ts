// Tester statuses and the moves between them (docs/decisions.md, "Tester statuses").
import { Errors } from '../../primitives/errors.ts';

export const TesterStatuses = ['imported', 'unconfirmed', 'applied', 'invited', 'active', 'rejected', 'suspended', 'idle'] as const;
export type TesterStatus = (typeof TesterStatuses)[number];

/** Statuses a tester may be created in. */
export const CreateStatuses = ['applied', 'invited', 'active', 'imported', 'unconfirmed'] as const;
export type CreateStatus = (typeof CreateStatuses)[number];

/** Statuses an update may ask for; `unsuspended` restores the status held before the suspension. */
export const UpdateStatuses = ['applied', 'invited', 'rejected', 'suspended', 'unsuspended', 'active'] as const;
export type UpdateStatus = (typeof UpdateStatuses)[number];

const allowedFrom: Record<Exclude<UpdateStatus, 'unsuspended'>, readonly TesterStatus[]> = {
  applied: ['imported', 'unconfirmed'],
  invited: ['imported', 'applied', 'rejected'],
  rejected: ['imported', 'applied', 'invited'],
  active: ['imported', 'applied', 'invited', 'rejected', 'idle'],
  suspended: ['imported', 'unconfirmed', 'applied', 'invited', 'rejected', 'active', 'idle'],
};

/**
 * The status a tester ends in when `requested` is asked of one in `current`, or testersGeneral
 * naming both when the move is not permitted. Asking for the current status again is a no-op.
 */
export function nextStatus(current: TesterStatus, requested: UpdateStatus, statusBeforeSuspension: string | null): TesterStatus {
  if (requested === 'unsuspended') {
    if (current !== 'suspended') {
      throw Errors.testersGeneral(`Cannot change status from ${current} to unsuspended: the tester is not suspended`);
    }
    return (statusBeforeSuspension as TesterStatus | null) ?? 'applied';
  }
  if (requested === current) return current;
  if (!allowedFrom[requested].includes(current)) {
    throw Errors.testersGeneral(`Cannot change status from ${current} to ${requested}`);
  }
  return requested;
}

/** The beta counter column that counts testers in a status. */
export function statusCounter(status: TesterStatus) {
  return `${status}_testers_count` as const;
}
