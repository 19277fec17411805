// The tester as the API shows it (the v2 interface's tester object): a whitelist built field by
// field from the row.
import { apiTime } from '../../primitives/time.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import type { BetaSettings } from '../betas/beta-settings.ts';
import type { Standing } from '../waitlist/standings.ts';
import type { TesterResponse } from '../questions/questions.service.ts';
import { presentFraud, type FraudView } from '../fraud/fraud.presenter.ts';
import type { ShareChannel } from '../referrals/share-channels.ts';
import { ProfileFields } from './profile.ts';
import type { TesterStatus } from './tester-status.ts';

export interface TesterView {
  id: number;
  uuid: string;
  email: string;
  status: TesterStatus;
  invitation_code: string;
  imported_at: string | null;
  applied_at: string | null;
  invited_at: string | null;
  joined_at: string | null;
  unsubscribed_at: string | null;
  share_clicks_count: number;
  share_signups_count: number;
  friend_invitations_allowed: number;
  friend_invitations_count: number;
  friend_invitations_remaining: number;
  referral_code: string;
  share_link: string;
  share_status_link: string;
  waitlist_position: number | null;
  waitlist_ahead: number | null;
  waitlist_behind: number | null;
  waitlist_length: number;
  referred_by: string | null;
  /** The share channel the tester's signup came through (a channel-tagged share link); null for none. */
  referral_channel: ShareChannel | null;
  groups: string;
  created_at: string;
  updated_at: string;
  profile: Record<string, string | null>;
  fraud: FraudView;
  leaderboard_name: string | null;
  priority: number;
  responses?: TesterResponse[];
  /** In a list asked with include=points only. */
  points?: number;
}

/** The tester in friend invitations, as the v2 interface shows it: no waitlist fields, no friend_invitations_allowed. */
export type ReducedTesterView = Omit<
  TesterView,
  'waitlist_position' | 'waitlist_ahead' | 'waitlist_behind' | 'waitlist_length' | 'friend_invitations_allowed'
>;

export interface Presentation {
  publicUrl: string;
  settings: Pick<BetaSettings, 'referral_url'>;
  standing: Standing;
  referredBy: string | null;
  responses?: TesterResponse[];
}

/** The short link; with a beta's own referral_url, that page with ?r= (clients parse r from it). */
export function shareLinkOf(code: string, publicUrl: string, referralUrl: string | null): string {
  if (!referralUrl) return `${publicUrl}/r/${code}`;
  const url = new URL(referralUrl);
  url.searchParams.set('r', code);
  return url.toString();
}

export function presentTester(row: TesterRow, presentation: Presentation): TesterView {
  const profile: Record<string, string | null> = {};
  for (const field of ProfileFields) profile[field] = row[field];
  const view: TesterView = {
    id: row.id,
    uuid: row.uuid,
    email: row.email,
    status: row.status as TesterStatus,
    invitation_code: row.invitation_code,
    imported_at: apiTime(row.imported_at),
    applied_at: apiTime(row.applied_at),
    invited_at: apiTime(row.invited_at),
    joined_at: apiTime(row.joined_at),
    unsubscribed_at: apiTime(row.unsubscribed_at),
    share_clicks_count: row.share_clicks_count,
    share_signups_count: row.share_signups_count,
    friend_invitations_allowed: row.friend_invitations_allowed,
    friend_invitations_count: row.friend_invitations_count,
    friend_invitations_remaining: Math.max(0, row.friend_invitations_allowed - row.friend_invitations_count),
    referral_code: row.referral_code,
    share_link: shareLinkOf(row.referral_code, presentation.publicUrl, presentation.settings.referral_url),
    share_status_link: `${presentation.publicUrl}/r/${row.referral_code}?check=${row.uuid}`,
    ...presentation.standing,
    referred_by: presentation.referredBy,
    referral_channel: row.referral_channel as ShareChannel | null,
    groups: row.groups,
    created_at: apiTime(row.created_at),
    updated_at: apiTime(row.updated_at),
    profile,
    fraud: presentFraud(row),
    leaderboard_name: row.leaderboard_name,
    priority: row.priority,
  };
  if (presentation.responses) view.responses = presentation.responses;
  return view;
}
