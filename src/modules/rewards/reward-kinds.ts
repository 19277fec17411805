// The kinds, statuses and roles of a reward: the engine, its schemas and its presenter all name
// these, and the engine renders through the presenter.

export const RewardTypes = ['SingleSided', 'DoubleSided', 'Milestone'] as const;
export type RewardType = (typeof RewardTypes)[number];

export const RewardStatuses = ['earned', 'delivered', 'revoked'] as const;
export type RewardStatus = (typeof RewardStatuses)[number];

export type RewardRole = 'referrer' | 'friend';
