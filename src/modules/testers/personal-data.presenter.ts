// The data export as the API shows it (docs/privacy.md): each section a whitelist of the stored
// fields that are the person's, timestamps in the API's format. Link tokens appear only in the
// e-mails that carried them (as the person received them); other people's data (the addresses of
// those they referred, the hashes of visitors to their link) is left out.
import type { EmailMessageRow, SuppressionRow, WebhookDeliveryRow, WebhookEventRow } from '../../db/tables/effects.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { apiTime } from '../../primitives/time.ts';

/** What the tester's row holds beyond what "show tester" renders. */
export function presentStoredFields(row: TesterRow) {
  return {
    hidden: row.hidden === 1,
    erased_at: apiTime(row.erased_at),
    user_agent: row.user_agent,
    email_normalized: row.email_normalized,
    email_alias_key: row.email_alias_key,
    signup_subnet: row.signup_subnet,
    status_before_suspension: row.status_before_suspension,
    referrer_id: row.referrer_id,
    referral_credited_at: apiTime(row.referral_credited_at),
    last_checkin_at: apiTime(row.last_checkin_at),
    last_active_at: apiTime(row.last_active_at),
  };
}

export function presentStoredResponse(row: { question_id: number; prompt: string; answer: string; created_at: string; updated_at: string }) {
  return { question_id: row.question_id, question: row.prompt, answer: row.answer, created_at: apiTime(row.created_at), updated_at: apiTime(row.updated_at) };
}

/** A tester the person referred: the link is the person's, the friend's address is not. */
export function presentReferral(row: Pick<TesterRow, 'id' | 'status' | 'created_at' | 'referral_credited_at'>) {
  return { tester_id: row.id, status: row.status, created_at: apiTime(row.created_at), credited_at: apiTime(row.referral_credited_at) };
}

export function presentFriendInvitation(row: { id: number; inviter_id: number | null; invitee_id: number | null; message: string | null; created_at: string }, testerId: number) {
  return { id: row.id, role: row.inviter_id === testerId ? ('sender' as const) : ('recipient' as const), message: row.message, created_at: apiTime(row.created_at) };
}

export function presentStoredEmail(row: EmailMessageRow) {
  return {
    id: row.id,
    occasion: row.occasion,
    to: row.to_address,
    subject: row.subject,
    text_body: row.text_body,
    html_body: row.html_body,
    status: row.status,
    created_at: apiTime(row.created_at),
    sent_at: apiTime(row.sent_at),
  };
}

export function presentConfirmation(row: { created_at: string; expires_at: string; used_at: string | null }) {
  return { created_at: apiTime(row.created_at), expires_at: apiTime(row.expires_at), used_at: apiTime(row.used_at) };
}

export function presentStoredEvent(row: WebhookEventRow, deliveries: WebhookDeliveryRow[]) {
  return {
    id: row.public_id,
    type: row.type,
    created_at: apiTime(row.created_at),
    body: JSON.parse(row.payload) as unknown,
    deliveries: deliveries.map((d) => ({
      webhook_id: d.endpoint_id,
      attempt: d.attempt,
      status: d.status,
      response_status: d.response_status,
      created_at: apiTime(d.created_at),
    })),
  };
}

export function presentStoredSuppression(row: SuppressionRow) {
  return { email: row.email, reason: row.reason, suppressed_at: apiTime(row.suppressed_at) };
}
