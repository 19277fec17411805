// Composition root: every domain service built from the database, configuration and clock.
import type { Config } from './process/config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { JobHandler } from './jobs/outbox.ts';
import { EFFECTS_JOB, effectsJobHandler, holdBetasWith } from './jobs/effects.ts';
import { systemClock, type Clock } from './primitives/time.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { BetasService } from './modules/betas/betas.service.ts';
import { SandboxesService } from './modules/betas/sandboxes.service.ts';
import { QuestionsService } from './modules/questions/questions.service.ts';
import { InvitationCodesService } from './modules/invitation-codes/invitation-codes.service.ts';
import { openGeoLocator, type GeoLocator } from './modules/testers/geoip.ts';
import { TestersService } from './modules/testers/testers.service.ts';
import { TesterEvents } from './modules/testers/tester-events.ts';
import { TesterViews } from './modules/testers/tester-views.ts';
import { Standings, type StandingsLog } from './modules/waitlist/standings.ts';
import { placeMovesWith } from './modules/moves/record-moves.ts';
import { PositionChanges } from './modules/moves/position-changes.ts';
import { MovesService } from './modules/moves/moves.service.ts';
import { observeCommits } from './db/transaction.ts';
import { EmailsService } from './modules/emails/emails.service.ts';
import { EmailLogService } from './modules/emails/email-log.service.ts';
import { EmailTemplatesService } from './modules/emails/email-templates.service.ts';
import { EmailPreviewsService } from './modules/emails/email-previews.ts';
import { smtpMailer } from './modules/emails/mailer.ts';
import { SendCaps } from './modules/emails/send-caps.ts';
import { SendingBreaker } from './modules/emails/sending-breaker.ts';
import { FriendInvitationsService } from './modules/friend-invitations/friend-invitations.service.ts';
import { PointsService } from './modules/points/points.service.ts';
import { ImportsService } from './modules/imports/imports.service.ts';
import { SuppressionsService } from './modules/suppressions/suppressions.service.ts';
import { RewardDefinitionsService } from './modules/rewards/reward-definitions.service.ts';
import { RewardsService } from './modules/rewards/rewards.service.ts';
import { WebhooksService } from './modules/webhooks/webhooks.service.ts';
import { WebhookDeliverer } from './modules/webhooks/webhook-delivery.ts';
import { WebhookDigests } from './modules/webhooks/webhook-digests.ts';
import { WebhookSender } from './modules/webhooks/webhook-sender.ts';
import { VisitorsService } from './modules/visitors/visitors.service.ts';
import { LeaderboardService } from './modules/leaderboard/leaderboard.service.ts';
import { StatsService } from './modules/stats/stats.service.ts';
import { BetaStatsService } from './modules/stats/beta-stats.ts';
import { IdempotencyKeys } from './modules/idempotency/idempotency-keys.ts';
import { MembersService } from './modules/members/members.service.ts';
import { MemberLinks } from './modules/members/member-links.ts';
import { Sessions } from './modules/members/sessions.ts';
import { BulkActionsService } from './modules/bulk-actions/bulk-actions.service.ts';
import { InvitationSchedulesService } from './modules/invitation-schedules/invitation-schedules.service.ts';
import { FraudReviewService } from './modules/fraud/fraud-review.ts';
import { FraudSimulationsService } from './modules/fraud/fraud-simulations.service.ts';
import { SignupGuard } from './modules/signup-guard/signup-guard.ts';
import { LaunchFigures } from './modules/stats/launch-figures.ts';

export interface Services {
  accounts: AccountsService;
  betas: BetasService;
  sandboxes: SandboxesService;
  questions: QuestionsService;
  invitationCodes: InvitationCodesService;
  testers: TestersService;
  friendInvitations: FriendInvitationsService;
  points: PointsService;
  suppressions: SuppressionsService;
  imports: ImportsService;
  rewardDefinitions: RewardDefinitionsService;
  rewards: RewardsService;
  webhooks: WebhooksService;
  /** Each endpoint's daily digest, sent by a worker's round when due. */
  webhookDigests: WebhookDigests;
  emails: EmailsService;
  /** A beta's e-mail sending paused on its bounces and complaints, its state and its resume. */
  sendingBreaker: SendingBreaker;
  emailTemplates: EmailTemplatesService;
  emailLog: EmailLogService;
  /** A template's draft rendered for a sample tester, and its test sends. */
  emailPreviews: EmailPreviewsService;
  /** What visitors do on the public pages (signup, share links, confirmation). */
  visitors: VisitorsService;
  /** The checks a public signup passes first (challenge, honeypot, origin, country, subnet), and their refusal counts. */
  signupGuard: SignupGuard;
  stats: StatsService;
  /** The beta's leaderboard (the owner's and the visitors') and a tester's progress. */
  leaderboards: LeaderboardService;
  /** A tester's moves: the changes of its own standing and their causes. */
  moves: MovesService;
  /** A beta's dashboard figures. */
  betaStats: BetaStatsService;
  /** The launch panel's per-minute figures: counted in memory, added into the database every few seconds. */
  launchFigures: LaunchFigures;
  /** The Idempotency-Keys of the API's writes and the answers they replay. */
  idempotencyKeys: IdempotencyKeys;
  /** Members of companies: who signs in to the console, with which role. */
  members: MembersService;
  /** Console sessions. */
  sessions: Sessions;
  /** One-time links that set a member's password (setup, invitation, reset) and their e-mails. */
  memberLinks: MemberLinks;
  /** Waitlist standings: built from the database, kept in step with every commit and with other processes. */
  standings: Standings;
  /** Status changes of many testers at once, run in batches (modules/bulk-actions). */
  bulkActions: BulkActionsService;
  /** Invitation waves on a schedule, each run as a bulk invite (modules/invitation-schedules). */
  invitationSchedules: InvitationSchedulesService;
  /** The review of flagged testers: the queue, approve or reject, the decisions' log. */
  fraudReview: FraudReviewService;
  fraudSimulations: FraudSimulationsService;
  /** What the outbox runner does with each kind of job. */
  jobHandlers: Readonly<Record<string, JobHandler>>;
  /** Releases what the services hold open (SMTP and webhook connections, the standing feed's timers); after the workers have stopped. */
  close(): Promise<void>;
}

export interface ServiceOptions {
  clock?: Clock;
  /** The IP locator; opened from config.geoipDatabasePath when not given. */
  geo?: GeoLocator;
  /** Where the standings index says how long its build took, and that a read of its feed failed. */
  log?: StandingsLog;
}

export async function createServices(database: DatabaseHandle, config: Config, options: ServiceOptions = {}): Promise<Services> {
  const { db, dialect } = database;
  const clock = options.clock ?? systemClock;
  const geo = options.geo ?? (await openGeoLocator(config.geoipDatabasePath));
  const betas = new BetasService(db, dialect, clock);
  holdBetasWith(db, (trx, betaId) => betas.holds(trx, betaId));
  const standings = new Standings(db, dialect, options.log);
  observeCommits(db, standings.afterCommit);
  placeMovesWith(db, standings);
  const views = new TesterViews(config.publicUrl, standings);
  const testerEvents = new TesterEvents(db, views);
  const sendingBreaker = new SendingBreaker(db, dialect, clock, betas, config.publicUrl);
  const suppressions = new SuppressionsService(db, dialect, clock, betas, testerEvents, sendingBreaker);
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl) : null;
  const caps = new SendCaps(db, config.emailSendsPerMinute);
  const emails = new EmailsService(db, dialect, clock, betas, suppressions, {
    publicUrl: config.publicUrl,
    views,
    emailFrom: config.emailFrom,
    mailer,
    caps,
    breaker: sendingBreaker,
  });
  const positionChanges = new PositionChanges(db, clock, views, emails);
  const sessions = new Sessions(db, clock);
  const memberLinks = new MemberLinks(db, clock, sessions, { publicUrl: config.publicUrl, emailFrom: config.emailFrom, mailer });
  const launchFigures = new LaunchFigures(db, clock);
  const testers = new TestersService(db, dialect, clock, betas, geo, views, testerEvents, emails, launchFigures);
  const allowPrivateTargets = config.webhookAllowPrivateTargets;
  const webhookSender = new WebhookSender({ allowPrivateTargets, timeoutMs: config.webhookTimeoutMs });
  const webhookDeliverer = new WebhookDeliverer(db, clock, webhookSender, config.publicUrl);
  const imports = new ImportsService(db, dialect, clock, betas, geo, emails);
  const bulkActions = new BulkActionsService(db, dialect, clock, betas, testers, standings);
  const emailTemplates = new EmailTemplatesService(db, clock, betas);
  const invitationSchedules = new InvitationSchedulesService(db, clock, betas, bulkActions, standings);
  const fraudSimulations = new FraudSimulationsService(db, clock, betas);
  const leaderboards = new LeaderboardService(db, clock, betas, testers, standings, invitationSchedules);
  const moves = new MovesService(db, testers);
  const signupGuard = new SignupGuard(db, dialect, clock, geo, config.publicUrl, launchFigures);
  return {
    accounts: new AccountsService(db, clock),
    betas,
    sandboxes: new SandboxesService(db, clock, betas),
    questions: new QuestionsService(db, dialect, clock),
    invitationCodes: new InvitationCodesService(db, clock),
    testers,
    friendInvitations: new FriendInvitationsService(db, dialect, clock, betas, testers, testerEvents, emails),
    points: new PointsService(db, dialect, clock, betas),
    suppressions,
    imports,
    rewardDefinitions: new RewardDefinitionsService(db, dialect, clock, betas),
    rewards: new RewardsService(db, dialect, clock, betas),
    webhooks: new WebhooksService(db, dialect, clock, betas, { allowPrivateTargets, publicUrl: config.publicUrl, logRetentionDays: config.webhookLogRetentionDays }),
    webhookDigests: new WebhookDigests(db, clock),
    emails,
    sendingBreaker,
    emailTemplates,
    emailPreviews: new EmailPreviewsService(db, clock, betas, emailTemplates, emails, config.publicUrl),
    emailLog: new EmailLogService(db, clock, betas, config.emailLogRetentionDays),
    visitors: new VisitorsService(db, clock, betas, testers, emails, testerEvents, views, leaderboards, signupGuard, moves),
    signupGuard,
    leaderboards,
    moves,
    stats: new StatsService(db, clock),
    betaStats: new BetaStatsService(db, dialect, clock, betas, standings, launchFigures, sendingBreaker),
    launchFigures,
    idempotencyKeys: new IdempotencyKeys(db, clock),
    members: new MembersService(db, clock, sessions, memberLinks),
    sessions,
    memberLinks,
    bulkActions,
    invitationSchedules,
    fraudReview: new FraudReviewService(db, dialect, clock, betas, testers),
    fraudSimulations,
    jobHandlers: { [EFFECTS_JOB]: effectsJobHandler(db), ...testers.jobHandlers, ...webhookDeliverer.jobHandlers, ...emails.jobHandlers, ...positionChanges.jobHandlers, ...memberLinks.jobHandlers, ...imports.jobHandlers, ...bulkActions.jobHandlers, ...fraudSimulations.jobHandlers },
    standings,
    close: async () => {
      await standings.close();
      emails.close();
      webhookSender.close();
    },
  };
}
