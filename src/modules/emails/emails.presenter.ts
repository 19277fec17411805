// E-mail templates and the message log as the API shows them. Lists show no bodies; one message
// shows them as sent, links included (only the beta's own company reaches it).
import type { EmailMessageRow } from '../../db/tables/effects.ts';
import { apiTime } from '../../primitives/time.ts';
import { variablesOf, type EffectiveTemplate } from './email-templates.ts';
import type { Occasion } from './occasions.ts';
import type { MessageSummary } from './email-log.service.ts';
import type { MessageStatus } from './emails.service.ts';
import type { SendingState } from './sending-breaker.ts';

export function presentTemplate(template: EffectiveTemplate) {
  return {
    occasion: template.occasion,
    enabled: template.enabled,
    customized: template.customized,
    subject: template.subject,
    body: template.body,
    html_body: template.html_body,
    variables: variablesOf(template.occasion),
    updated_at: apiTime(template.updated_at),
  };
}

export function presentMessage(message: MessageSummary) {
  return {
    id: message.id,
    to: message.to_address,
    occasion: message.occasion as Occasion,
    subject: message.subject,
    status: message.status as MessageStatus,
    error: message.error,
    user_id: message.tester_id,
    test: message.test === 1,
    created_at: apiTime(message.created_at),
    sent_at: apiTime(message.sent_at),
  };
}

export function presentMessageDetail(message: EmailMessageRow) {
  return { ...presentMessage(message), body: message.text_body, html_body: message.html_body, message_id: message.provider_message_id };
}

export function presentSending(state: SendingState) {
  return {
    paused: state.pause !== null,
    paused_at: apiTime(state.pause?.paused_at),
    pause_reason: state.pause?.reason ?? null,
    last_resumed_at: apiTime(state.last_resumed_at),
    queued: state.queued,
    sent_last_minute: state.sent_last_minute,
    sent_last_hour: state.sent_last_hour,
  };
}
