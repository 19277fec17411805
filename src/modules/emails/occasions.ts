// The occasions a message is sent on: the default templates and the templates' rules both name
// them, and the rules import the defaults.

export const Occasions = [
  'invitation',
  'friend_invitation',
  'confirmation',
  'applied',
  'active',
  'rejected',
  'suspended',
  'unsuspended',
  'already_signed_up',
  'position_changed',
] as const;
export type Occasion = (typeof Occasions)[number];
