// Why the guard refuses a signup: the launch figures count these, and the guard reports to them.

export const RefusalReasons = ['honeypot', 'origin', 'challenge', 'country', 'subnet', 'fraud'] as const;
export type RefusalReason = (typeof RefusalReasons)[number];
