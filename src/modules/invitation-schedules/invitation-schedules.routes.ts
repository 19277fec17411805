import Type from 'typebox';
import { Errors } from '../../primitives/errors.ts';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import { presentSchedule, presentSimulation, presentWave, presentWavePreview } from './invitation-schedules.presenter.ts';
import {
  ScheduleBody,
  ScheduleListQuery,
  ScheduleParams,
  ScheduleSchema,
  ScheduleUpdateBody,
  SimulateBody,
  SimulationSchema,
  WavePreviewSchema,
  WaveSchema,
} from './invitation-schedules.schemas.ts';
import type { InvitationSchedulesService } from './invitation-schedules.service.ts';

const invalid = `Anything wrong with the request (an unknown time zone, a time that is not HH:MM, a count or threshold out of range, a field of the other kind): 422 (${Errors.testersGeneral.code}).`;

export function invitationSchedulesRoutes(app: App, schedules: InvitationSchedulesService): void {
  // Permitted as bulk actions are: a wave is one.
  const read = { permission: 'testers:read', series: 'testers' } as const;
  const write = { permission: 'testers:write', series: 'testers' } as const;
  const tags = ['Invitation schedules'];
  const base = '/api/v2/betas/:beta_id/invitation_schedules';

  app.get(base, {
    config: read,
    schema: {
      operationId: 'listInvitationSchedules',
      tags,
      summary: 'List invitation schedules',
      description: "The beta's invitation schedules, oldest first.",
      'x-extension': true,
      params: BetaParams,
      querystring: ScheduleListQuery,
      response: { 200: Type.Array(ScheduleSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await schedules.list(principalOf(request).companyId, request.params.beta_id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentSchedule) });
    },
  });

  app.post(base, {
    config: write,
    schema: {
      operationId: 'createInvitationSchedule',
      tags,
      summary: 'Create invitation schedule',
      description:
        'Invites in waves, each run as a bulk invite (see Bulk actions): kind top invites the first `count` of the waitlist every day, or every week ' +
        'on `weekday`, at `at` in `time_zone`; kind referrals invites anyone on the waitlist reaching `threshold` credited referrals, within a minute. ' +
        invalid,
      'x-extension': true,
      params: BetaParams,
      body: ScheduleBody,
      response: { 201: ScheduleSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(presentSchedule(await schedules.create(principalOf(request).companyId, request.params.beta_id, request.body ?? {}))),
  });

  app.post(`${base}/simulate`, {
    config: read,
    schema: {
      operationId: 'simulateInvitationSchedules',
      tags,
      summary: 'Simulate invitation schedules',
      description:
        "The plan the schedules given would make of today's waitlist, changing nothing: `now` testers at once first, then each wave, with the position " +
        'through which everyone is invited after it, up to the end of the list, 1,000 waves or ten years. A referrals schedule invites at once those ' +
        'already at its threshold; future signups and referrals are not foreseen. ' +
        invalid,
      'x-extension': true,
      params: BetaParams,
      body: SimulateBody,
      response: { 200: SimulationSchema },
    },
    handler: async (request) => presentSimulation(await schedules.simulate(principalOf(request).companyId, request.params.beta_id, request.body ?? {})),
  });

  app.get(`${base}/:schedule_id`, {
    config: read,
    schema: {
      operationId: 'showInvitationSchedule',
      tags,
      summary: 'Show invitation schedule',
      description: 'The schedule with its next run (null while paused).',
      'x-extension': true,
      params: ScheduleParams,
      response: { 200: ScheduleSchema },
    },
    handler: async (request) => presentSchedule(await schedules.show(principalOf(request).companyId, request.params.beta_id, request.params.schedule_id)),
  });

  app.patch(`${base}/:schedule_id`, {
    config: write,
    schema: {
      operationId: 'updateInvitationSchedule',
      tags,
      summary: 'Update invitation schedule',
      description:
        'Changes the fields given: pause or resume (`paused`), skip the next wave once (`skip_next`), or a new count, time, day or zone (its next run ' +
        `counted from now). The kind cannot change. ${invalid}`,
      'x-extension': true,
      params: ScheduleParams,
      body: ScheduleUpdateBody,
      response: { 200: ScheduleSchema },
    },
    handler: async (request) =>
      presentSchedule(await schedules.update(principalOf(request).companyId, request.params.beta_id, request.params.schedule_id, request.body ?? {})),
  });

  app.delete(`${base}/:schedule_id`, {
    config: write,
    schema: {
      operationId: 'deleteInvitationSchedule',
      tags,
      summary: 'Delete invitation schedule',
      description: 'Deletes the schedule and its history; a wave already started runs to its end as its bulk action. Answers with it as it was.',
      'x-extension': true,
      params: ScheduleParams,
      response: { 200: ScheduleSchema },
    },
    handler: async (request) => presentSchedule(await schedules.delete(principalOf(request).companyId, request.params.beta_id, request.params.schedule_id)),
  });

  app.get(`${base}/:schedule_id/waves`, {
    config: read,
    schema: {
      operationId: 'listInvitationWaves',
      tags,
      summary: 'List invitation waves',
      description: "The schedule's history, the latest first: when each wave was due and started, how many it took and invited, and the first and last waitlist position it took.",
      'x-extension': true,
      params: ScheduleParams,
      querystring: ScheduleListQuery,
      response: { 200: Type.Array(WaveSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await schedules.waves(principalOf(request).companyId, request.params.beta_id, request.params.schedule_id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentWave) });
    },
  });

  app.get(`${base}/:schedule_id/preview`, {
    config: read,
    schema: {
      operationId: 'previewInvitationWave',
      tags,
      summary: 'Preview the next wave',
      description: "What the schedule's next wave would do if it ran now, as the bulk invite's preview says it, with the first testers it would take; changes nothing.",
      'x-extension': true,
      params: ScheduleParams,
      response: { 200: WavePreviewSchema },
    },
    handler: async (request) => presentWavePreview(await schedules.preview(principalOf(request).companyId, request.params.beta_id, request.params.schedule_id)),
  });
}
