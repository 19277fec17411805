// Generated from the OpenAPI document (/api/v2/openapi.json) by `npm run client:generate`:
// edit the routes' schemas, not this file.

export interface paths {
    "/api/v1/betas/{beta_id}/checkins.xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check in tester by e-mail (v1, XML)
         * @description Body `<checkin><email>…</email></checkin>` (application/xml or text/xml). Authenticated by the `api_key` query parameter or HTTP Basic with the key and password `X`. Answers 200 with `<checkin><email>…</email></checkin>`; errors as `<errors><error><code/><message/></error></errors>`.
         */
        post: operations["checkinTesterByEmailV1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the company's API keys
         * @description By id, revoked and expired ones included; never the keys themselves, only their first characters (key_prefix).
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Answers with the key itself (`key`), shown this once and never again: only its SHA-256 is stored. Permissions are all by default; a key creating another may give it only permissions it holds itself (403 otherwise).
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/api_keys/{api_key_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description The key opens nothing from now on (401, as an unknown key). Revoking it again keeps the first time. Answers with the key.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List betas */
        get: operations["listBetas"];
        put?: never;
        /**
         * Create beta
         * @description With `id`, the beta keeps the id it had in the service you move from, when no beta has it.
         */
        post: operations["createBeta"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show beta */
        get: operations["showBeta"];
        put?: never;
        post?: never;
        /**
         * Delete beta
         * @description Deletes the beta and everything in it. Answers with the beta as it was.
         */
        delete: operations["deleteBeta"];
        options?: never;
        head?: never;
        /**
         * Update beta
         * @description Changes name, homepage_url and settings; only the settings keys sent change.
         */
        patch: operations["updateBeta"];
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/bulk_actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bulk actions
         * @description The beta's bulk actions, newest first, with their progress.
         */
        get: operations["listBulkActions"];
        put?: never;
        /**
         * Preview or start a bulk action
         * @description Invites the first `top` testers of the waitlist (action invite), or acts on every tester matching `filters` (the tester list's query parameters): invites them, moves them to `status` (set_status), adds `group` to their groups or takes it out (add_to_group, remove_from_group), or deletes them (delete, with `confirm_total`), each exactly as update or delete tester would: its e-mail and webhook events follow. Testers picked one by one are the filter `ids` (their ids, comma-separated, at most 1000); "every tester matching" is the list's filters themselves. With `dry_run` answers 200 with the preview (testers, changes, e-mails, webhook deliveries) and creates nothing; otherwise answers 202 with the action, queued, run in the background in batches. A tester already in the status, or whose move the status rules do not permit, is skipped and counted. A "top" selection is fixed when the action is created. Anything wrong with the request: 422 (2301).
         */
        post: operations["createBulkAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/bulk_actions/{bulk_action_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show bulk action
         * @description The action with its progress: testers processed, changed and skipped out of the total.
         */
        get: operations["showBulkAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/bulk_actions/{bulk_action_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel bulk action
         * @description Stops a queued or running action after its current batch (rolled back); testers moved by earlier batches stay moved. Cancelling again answers the action; a completed or failed one is 422 (2301).
         */
        post: operations["cancelBulkAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/checkins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check in tester by e-mail
         * @description Body {"checkin":{"email":…}} (or unwrapped). 202, no body.
         */
        post: operations["checkinTesterByEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/email_sending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show e-mail sending
         * @description The beta's e-mail sending: whether the sending breaker paused it (hard bounces and complaints among its last email_breaker_window sends past email_breaker_threshold_percent), its queue and its send rate.
         */
        get: operations["showEmailSending"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/email_sending/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume e-mail sending
         * @description The beta's e-mail sending: whether the sending breaker paused it (hard bounces and complaints among its last email_breaker_window sends past email_breaker_threshold_percent), its queue and its send rate. Ends the pause: the queued messages go out (within the caps), and the breaker counts only the sends from now on. Answers the sending as it is then; resuming a beta that is not paused changes nothing.
         */
        post: operations["resumeEmailSending"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/email_templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List e-mail templates
         * @description Every occasion's template as the beta sends it: its own parts, the built-in defaults elsewhere. Templates are Liquid. Variables: `tester` (as the API shows it, with `profile`), `beta` (`id`, `name`, `homepage_url`), `unsubscribe_url`; friend_invitation adds `sender` (the inviting tester) and `message`, confirmation adds `confirmation_url`. HTML bodies escape every output (`| raw` opts out); subjects and text bodies do not.
         */
        get: operations["listEmailTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/email_templates/{occasion}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show e-mail template
         * @description The occasion's template as the beta sends it. Templates are Liquid. Variables: `tester` (as the API shows it, with `profile`), `beta` (`id`, `name`, `homepage_url`), `unsubscribe_url`; friend_invitation adds `sender` (the inviting tester) and `message`, confirmation adds `confirmation_url`. HTML bodies escape every output (`| raw` opts out); subjects and text bodies do not.
         */
        get: operations["showEmailTemplate"];
        /**
         * Change e-mail template
         * @description Changes the parts sent; parts not sent keep their value, null brings a part back to its default. A template that is not valid Liquid is refused (422) with the problem named. Templates are Liquid. Variables: `tester` (as the API shows it, with `profile`), `beta` (`id`, `name`, `homepage_url`), `unsubscribe_url`; friend_invitation adds `sender` (the inviting tester) and `message`, confirmation adds `confirmation_url`. HTML bodies escape every output (`| raw` opts out); subjects and text bodies do not.
         */
        put: operations["updateEmailTemplate"];
        post?: never;
        /**
         * Reset e-mail template
         * @description Back to the built-in template, switched on or off as by default. Answers with the template now in effect.
         */
        delete: operations["resetEmailTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/email_templates/{occasion}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview e-mail template
         * @description The occasion's template with the draft's parts over it, rendered; stores nothing. Rendered by the code that renders every message, for a made-up tester (Jane Doe, applied, 42nd of 1,000 on the waitlist; friend_invitation: sent by Sam Smith), so no tester's data is shown or sent. A part that is not valid Liquid, or fails while rendering, is refused (422) with the part named.
         */
        post: operations["previewEmailTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/email_templates/{occasion}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test e-mail
         * @description Renders the draft as the preview does and sends it to `to` (by default the signed-in member's address), as any message is sent: through SMTP, or captured without SMTP_URL. Answers 202 with the message, which the e-mail log lists with `test` true. An address suppressed or erased in the beta is refused (422). Limited by RATE_LIMIT_TEST_EMAILS (20 an hour) per member or key.
         */
        post: operations["sendTestEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List e-mail messages
         * @description Messages rendered for the beta's testers (sent, captured, suppressed, failed or queued), by id, without their bodies: those written in the last EMAIL_LOG_RETENTION_DAYS (90 by default) and any still queued.
         */
        get: operations["listEmailMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/emails/{email_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show e-mail message
         * @description One message with its bodies as rendered.
         */
        get: operations["showEmailMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/fraud_decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List fraud review decisions
         * @description The beta's fraud review decisions, newest first, each with who took it.
         */
        get: operations["listFraudDecisions"];
        put?: never;
        /**
         * Approve or reject flagged testers in bulk
         * @description Decides every tester named (at most 500) in one transaction, as the single decision does; testers not found, without flags or reviewed already are skipped and listed.
         */
        post: operations["decideFraudInBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/fraud_queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List flagged testers to review
         * @description The beta's testers with fraud flags not reviewed yet, oldest first, each flag with its reason in words.
         */
        get: operations["listFraudQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/fraud/cluster_decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject a cluster of flagged testers
         * @description Decides every flagged tester not reviewed yet in the cluster (by and key as listed), as the bulk decision does, 500 to a transaction. A cluster with no such tester, or a key that cannot name one: 422 (2301).
         */
        post: operations["decideFraudCluster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/fraud/clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List clusters of flagged testers
         * @description The flagged testers not reviewed yet that share a network (the signup IP's /24 or /48), a device (signup IP and user agent) or a referrer, as by asks: clusters of two or more, the largest first, each with its size and first members.
         */
        get: operations["listFraudClusters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/fraud/simulations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try fraud and signup settings on the beta’s testers
         * @description Replays the beta’s testers in signup order under the settings given (the beta’s own for the rest), as a background job that changes nothing, and answers 202 with the simulation, running; read it with GET …/fraud/simulations/{id}.json. Once completed it says, for each rule, the testers it would flag, hold and refuse, with examples, and how many waitlist positions would change. A setting it does not take, or a value the beta’s settings refuse: 422 (2201).
         */
        post: operations["createFraudSimulation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/fraud/simulations/{simulation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a fraud simulation
         * @description The simulation with its progress, and once completed what each rule would have done.
         */
        get: operations["showFraudSimulation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/friend_invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a friend invitation
         * @description The recipient becomes a tester at once, invited with an invitation code; the sender has one invitation fewer.
         */
        post: operations["createFriendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List imports
         * @description The beta's imports and dry runs, newest first, with their reports.
         */
        get: operations["listImports"];
        put?: never;
        /**
         * Import testers from a CSV file
         * @description Receives a CSV file (a text/csv body, or a multipart/form-data field named file) and queues its import, or with `dry_run` a check of every line that stores no tester. Answers 202 with the import, to follow at its own URL. A file that is not UTF-8, is empty, or whose columns cannot be mapped is refused and nothing is kept.
         */
        post: operations["createImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/imports/{import_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show import
         * @description The import with its progress and report: counts, the first rejected lines and warnings.
         */
        get: operations["showImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/invitation_codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List custom invitation codes
         * @description The beta's custom codes, by id. Testers' unique codes are derived, not stored here.
         */
        get: operations["listInvitationCodes"];
        put?: never;
        /**
         * Create custom invitation code
         * @description A code any signup may use, limited by max_uses, expires_at or both.
         */
        post: operations["createInvitationCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/invitation_codes/{code_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete custom invitation code
         * @description Answers with the code as it was.
         */
        delete: operations["deleteInvitationCode"];
        options?: never;
        head?: never;
        /**
         * Update custom invitation code
         * @description Changes the limits sent (null removes one); the code and its uses stay. One limit at least remains, and a new expires_at is in the future.
         */
        patch: operations["updateInvitationCode"];
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/invitation_schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invitation schedules
         * @description The beta's invitation schedules, oldest first.
         */
        get: operations["listInvitationSchedules"];
        put?: never;
        /**
         * Create invitation schedule
         * @description Invites in waves, each run as a bulk invite (see Bulk actions): kind top invites the first `count` of the waitlist every day, or every week on `weekday`, at `at` in `time_zone`; kind referrals invites anyone on the waitlist reaching `threshold` credited referrals, within a minute. Anything wrong with the request (an unknown time zone, a time that is not HH:MM, a count or threshold out of range, a field of the other kind): 422 (2301).
         */
        post: operations["createInvitationSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/invitation_schedules/{schedule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show invitation schedule
         * @description The schedule with its next run (null while paused).
         */
        get: operations["showInvitationSchedule"];
        put?: never;
        post?: never;
        /**
         * Delete invitation schedule
         * @description Deletes the schedule and its history; a wave already started runs to its end as its bulk action. Answers with it as it was.
         */
        delete: operations["deleteInvitationSchedule"];
        options?: never;
        head?: never;
        /**
         * Update invitation schedule
         * @description Changes the fields given: pause or resume (`paused`), skip the next wave once (`skip_next`), or a new count, time, day or zone (its next run counted from now). The kind cannot change. Anything wrong with the request (an unknown time zone, a time that is not HH:MM, a count or threshold out of range, a field of the other kind): 422 (2301).
         */
        patch: operations["updateInvitationSchedule"];
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/invitation_schedules/{schedule_id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview the next wave
         * @description What the schedule's next wave would do if it ran now, as the bulk invite's preview says it, with the first testers it would take; changes nothing.
         */
        get: operations["previewInvitationWave"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/invitation_schedules/{schedule_id}/waves": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invitation waves
         * @description The schedule's history, the latest first: when each wave was due and started, how many it took and invited, and the first and last waitlist position it took.
         */
        get: operations["listInvitationWaves"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/invitation_schedules/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate invitation schedules
         * @description The plan the schedules given would make of today's waitlist, changing nothing: `now` testers at once first, then each wave, with the position through which everyone is invited after it, up to the end of the list, 1,000 waves or ten years. A referrals schedule invites at once those already at its threshold; future signups and referrals are not foreseen. Anything wrong with the request (an unknown time zone, a time that is not HH:MM, a count or threshold out of range, a field of the other kind): 422 (2301).
         */
        post: operations["simulateInvitationSchedules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the leaderboard
         * @description The board visitors see at /public/betas/{beta_id}/leaderboard, read now and whether or not it is enabled, with each tester's id, address and waitlist position: the first leaderboard_size testers of the waitlist, in its order, leaving out testers whose fraud flags await review or were rejected.
         */
        get: operations["showLeaderboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Browse the outbox
         * @description The e-mail log newest first, a page at a time by cursor (`before` = the previous page's `older`), with the filters of the list: what the console's outbox shows. No total is counted, so every page answers as fast as the first. With `occasion` or `status` (and no `email`), a page looks through the next 10,000 messages only: it may hold fewer than `limit`, even none, while `older` says where to go on.
         */
        get: operations["browseOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/page/hero": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the page's hero
         * @description Sets the hero of the beta's public pages: a PNG, JPEG, WebP or SVG image (at most 512 KiB for a logo, 2 MiB for a hero) as the body, or in a multipart/form-data field named file. The type is read from the bytes: another type than the one declared is refused (415), as is an SVG with scripts, event handlers or external references (422). Answers with the beta, whose page gives the new URL.
         */
        put: operations["uploadHero"];
        post?: never;
        /**
         * Remove the page's hero
         * @description The pages show no hero any more. Answers with the beta; removing a hero there is not changes nothing.
         */
        delete: operations["deleteHero"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/page/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the page's logo
         * @description Sets the logo of the beta's public pages: a PNG, JPEG, WebP or SVG image (at most 512 KiB for a logo, 2 MiB for a hero) as the body, or in a multipart/form-data field named file. The type is read from the bytes: another type than the one declared is refused (415), as is an SVG with scripts, event handlers or external references (422). Answers with the beta, whose page gives the new URL.
         */
        put: operations["uploadLogo"];
        post?: never;
        /**
         * Remove the page's logo
         * @description The pages show no logo any more. Answers with the beta; removing a logo there is not changes nothing.
         */
        delete: operations["deleteLogo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/page/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview the signup page with a draft design
         * @description Renders the signup page as it would look with the design changed by the body (the keys of `page`, as a PATCH takes them), for a preview; stores nothing. A draft a PATCH would refuse (colours failing WCAG AA, overlong texts) is refused the same way.
         */
        post: operations["previewPage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List points
         * @description The beta's points by id, revoked ones included (with revoked_at), each with its tester's address (email). With `email`, only that tester's points.
         */
        get: operations["listPoints"];
        put?: never;
        /**
         * Create points
         * @description Awards bonus points to the tester with the e-mail address; a negative quantity deducts points.
         */
        post: operations["createPoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/points/{point_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke point
         * @description The point stays listed with revoked_at set and no longer counts toward the tester's points. Answers with the point.
         */
        delete: operations["revokePoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/questions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List signup questions
         * @description The questions testers answer in `responses`, by id.
         */
        get: operations["listQuestions"];
        put?: never;
        /**
         * Create signup question
         * @description Answers are sent as a zero-based choice index (multiple_choice, scale), comma-separated indexes (multiple_select), 0 or 1 (agreement) or the text (text). With `id`, the question keeps the id it had in the service you move from, when no question has it.
         */
        post: operations["createQuestion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/questions/{question_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete signup question
         * @description Deletes the question and every answer to it. Answers with the question as it was.
         */
        delete: operations["deleteQuestion"];
        options?: never;
        head?: never;
        /**
         * Update signup question
         * @description Changes the fields sent; the rules of create apply to the result. A kind that takes no choices drops them. Answers already given keep the text they were stored as.
         */
        patch: operations["updateQuestion"];
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/reward_definitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reward definitions
         * @description The rewards the beta can issue, by id.
         */
        get: operations["listRewardDefinitions"];
        put?: never;
        /**
         * Create reward definition
         * @description descriptor (unique in the beta), name and type are required. Milestone rewards need referrals_required (credited referrals per reward); DoubleSided rewards may name the friend’s reward (friend_name).
         */
        post: operations["createRewardDefinition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/reward_definitions/{definition_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete reward definition
         * @description Deletes the definition and its rules; issued rewards stay. Answers with the definition as it was.
         */
        delete: operations["deleteRewardDefinition"];
        options?: never;
        head?: never;
        /**
         * Update reward definition
         * @description Changes the fields sent. Rewards already issued keep their descriptor, name, type and points. A change of type clears friend_name and referrals_required when the new type does not use them.
         */
        patch: operations["updateRewardDefinition"];
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/reward_rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reward rules
         * @description Which event issues which reward, by id.
         */
        get: operations["listRewardRules"];
        put?: never;
        /**
         * Create reward rule
         * @description When `event` is triggered (POST …/rewards/trigger), the definition named by `descriptor` is issued. The reserved event `signup` fires by itself when a referral is credited. Milestone definitions take no rules.
         */
        post: operations["createRewardRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/reward_rules/{rule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete reward rule
         * @description Answers with the rule as it was.
         */
        delete: operations["deleteRewardRule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/rewards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List rewards
         * @description The beta’s issued rewards by id, optionally only those of one user (email) or in one status.
         */
        get: operations["listRewards"];
        put?: never;
        /**
         * Create reward (manual issue)
         * @description Issues the reward named by descriptor to the user with the e-mail address. 2609 when the user holds the reward’s maximum quantity already, unless skip_quantity_check is true.
         */
        post: operations["createReward"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/rewards/{reward_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show reward */
        get: operations["showReward"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update reward status
         * @description status delivered or revoked (2607 otherwise). Only an earned reward moves (2608 otherwise). Revoking also revokes the points granted with the reward.
         */
        patch: operations["updateReward"];
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/rewards/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trigger rewards
         * @description Records that the user did a custom action and issues every reward the beta’s rules give for it: one per role for DoubleSided rewards; users at a reward’s maximum are skipped. Answers with all rewards created, possibly none. The event signup is reserved.
         */
        post: operations["triggerRewards"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/sandbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or show the beta's sandbox
         * @description A twin of the beta to rehearse in: created (201) with copies of its settings, design, questions, reward definitions and rules, e-mail templates and webhook endpoints (each with a new secret), or answered as it is (200) when the beta has one. Its e-mails are stored and never sent, its webhook deliveries carry `Prelaunch-Test: true` and `"test": true`, its testers do not count against the plan. Deleting the beta deletes it. A sandbox has no sandbox (2205).
         */
        post: operations["openSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show beta statistics
         * @description Signups per day (direct and referred) over a range of at most 366 days (default: the last 30 days, UTC), the viral coefficient, share-click conversion, testers by status, the funnel (signups, confirmed, invited, active) in the beta's whole life and over today, yesterday and the last 7 days, top referrers, countries and sources (with how far each source's testers went), the beta's outbox backlog, its webhooks' failure rate over the range, clicks, signups and their stages per share channel, and (`launch`) the last 15 minutes' signups, refusals by reason and request p99 with the e-mail queue and send rate. 422 (2201) for a date not written YYYY-MM-DD, from after to, or a longer range.
         */
        get: operations["showBetaStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List suppressions
         * @description The beta's suppressed addresses by id. With `email`, the suppression of that address (exact, case-insensitive).
         */
        get: operations["listSuppressions"];
        put?: never;
        /**
         * Create suppression
         * @description Suppresses the address (reason Manual by default). With reason Unsubscribe, the tester with the address is unsubscribed too.
         */
        post: operations["createSuppression"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/suppressions/{suppression_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete suppression
         * @description Deletes a Manual or HardBounce suppression, so the address receives e-mail again, and answers with it as it was. Unsubscribe and SpamComplaint suppressions can be removed only through support (422).
         */
        delete: operations["deleteSuppression"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List testers
         * @description Paginated (X-Pagination, Link). A filtered list counts its matches exactly up to 10,000; past that, total_count is an estimate and X-Pagination has "total_estimated": true.
         */
        get: operations["listTesters"];
        put?: never;
        /** Create tester */
        post: operations["createTester"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export testers as CSV
         * @description Every tester of the beta, or those matching the filters of list testers, in id order, with standing, referral counts, referrer, points and answers. Streamed: the download starts at once and holds any number of testers. An error after the first byte aborts the transfer (a truncated download), so a file received whole is complete.
         */
        get: operations["exportTestersCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers.ndjson": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export testers as NDJSON
         * @description Every tester of the beta, or those matching the filters of list testers, in id order, with standing, referral counts, referrer, points and answers. Streamed: the download starts at once and holds any number of testers. An error after the first byte aborts the transfer (a truncated download), so a file received whole is complete.
         */
        get: operations["exportTestersNdjson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show tester */
        get: operations["showTester"];
        /** Update tester */
        put: operations["updateTester"];
        post?: never;
        /**
         * Delete tester
         * @description Deletes at once (200, with the tester as it was), or with `queue` queues the deletion (202).
         */
        delete: operations["deleteTester"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/accept_referral": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a held referral
         * @description Credits a referral held because the tester has fraud flags (`fraud.referral` is `held`), as an unflagged referral is credited: at once when the tester has joined, else when they do. Accepting again answers the tester unchanged; a referral never held is 422 (2301).
         */
        post: operations["acceptReferral"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/checkin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check in tester by id
         * @description Sets the tester active and records the day's checkin. 202, no body.
         */
        post: operations["checkinTester"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/checkins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List checkins of a tester
         * @description The last 60 checkins, newest first; one is recorded per day.
         */
        get: operations["listCheckins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a tester's personal data
         * @description Removes the person's personal data everywhere it is stored and keeps the tester anonymized, so the beta's counts, standings and the referrals they made stay. Their share link and status link stop working, and their address is kept from import and e-mail as a salted hash. Answers a receipt: rows deleted and anonymized, by table. Erasing an erased tester answers 200 with `already_erased` and nothing counted. docs/privacy.md says exactly what is removed, replaced and kept.
         */
        post: operations["eraseTester"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a tester's data
         * @description Everything stored about one person, for a data request: the tester as "show tester" renders it (a tester hidden by the plan limit too), the stored fields it does not show, answers, referrals made (by id), points, rewards, friend invitations, e-mails sent, confirmation links, webhook events about them with their deliveries, share-link visits per day and suppressions. docs/privacy.md lists each section.
         */
        get: operations["exportTester"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/fraud_decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject a flagged tester
         * @description approve credits a referral held by the flags (as accept_referral does); reject means the referral is never credited and the tester moves to rejected (off the waitlist) where the status rules permit it, as update tester would, e-mail included. The decision is recorded with who took it. A tester without flags, or reviewed already: 422 (2301).
         */
        post: operations["decideFraud"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/move_to_front": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a tester to the front of the waitlist
         * @description Sets the tester's `priority` one above every other tester's, so that they rank first on the waitlist whatever the counts (a tester above every other priority already is left as they are). Update tester with `priority` 0 puts them back in their earned place. A move that changes the position is recorded as `moved_by_owner`, with the member or API key that asked. A tester not on the waitlist answers 2301.
         */
        post: operations["moveTesterToFront"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/moves": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a tester's moves
         * @description Every change of the tester's own standing, newest first, with its cause and the position right after it: a referral credited, held or accepted, points awarded or revoked, the tester joining or leaving the waitlist, the owner moving the tester by hand. Positions that move because of other testers (drift) are not moves.
         */
        get: operations["listTesterMoves"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show a tester's progress
         * @description The tester's standing, the position one more credited referral would give them, and the beta's milestone rewards they have not reached, with the referrals each still needs: what their status page shows.
         */
        get: operations["showTesterProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/resend_confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend the confirmation link
         * @description A new double opt-in confirmation link and e-mail for an unconfirmed tester, as the signup sent: 202, no body. At most one per 10 minutes per tester; sooner, or a tester not unconfirmed, is 422 (2301).
         */
        post: operations["resendConfirmation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a tester's answers
         * @description Every answer of the tester to the beta's questions, by question id (as create and update answer them).
         */
        get: operations["listTesterResponses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/reverse_referral": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take back a credited referral
         * @description Takes back the credit this tester's referral gave its referrer (`fraud.referral` is `credited`): the referrer's and the beta's `share_signups_count` fall by one, the referral's points are revoked, and the referrer's move `referral_reversed` is recorded. Rewards the credit earned stay. The referral is never credited again (`fraud.referral` becomes `reversed`). Reversing again answers the tester unchanged; a referral not credited is 422 (2301).
         */
        post: operations["reverseReferral"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Verify invitation code */
        get: operations["verifyInvitationCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/testers/{tester_id}/webhook_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook events about a tester
         * @description The webhook events about the tester (their own and their points' and rewards'), newest first, with their deliveries: at most 50, looked for among the beta's newest 10,000 events so that the answer is quick whatever the beta's history. The data export ("Export a tester's data") reads every event.
         */
        get: operations["listTesterWebhookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The beta's webhook endpoints by id. Secrets are never shown here.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create webhook endpoint
         * @description Events of the beta are sent to `url` from now on. Each delivery is a POST of the event as JSON, signed with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) using the endpoint's secret; an endpoint whose format is slack or discord is sent each event as a message in that tool's shape. The answer carries the signing `secret`, shown only this once. URLs of loopback, private and other non-public addresses are refused unless the operator allows them.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show webhook endpoint
         * @description One endpoint of the beta. Its secret is never shown here.
         */
        get: operations["showWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete webhook endpoint
         * @description Deletes the endpoint and its delivery log; deliveries still pending are not sent. Answers with it as it was.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Update webhook endpoint
         * @description Changes url, events, enabled and prefinery_signature; the fields not sent stay. Enabling an endpoint the service switched off (its receiver answered 410 Gone) clears disabled_reason.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook deliveries
         * @description Every attempt at sending an event to the endpoint, newest first. A 2xx answer succeeds; 410 Gone switches the endpoint off; anything else, or no answer in time, fails and is tried again 15 times in all, attempt N+1 coming 5 s + N⁴ s after attempt N (next_attempt_at). An event's attempts are kept WEBHOOK_LOG_RETENTION_DAYS (30 by default) after its last one, and while a delivery of it is pending.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/webhooks/{webhook_id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show webhook delivery
         * @description One attempt, with the body its event sends (`payload`, the JSON text as sent, the same on every attempt).
         */
        get: operations["showWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver webhook event
         * @description Sends the delivery's event to the endpoint again, at once, with the same webhook-id; answers 202 with no body. It is one attempt, logged like the others and not retried when it fails. A disabled endpoint answers 422.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/webhooks/{webhook_id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate webhook secret
         * @description Replaces the signing secret and answers with the new one, shown only this once. Every delivery from now on, retries of earlier events included, is signed with the new secret; the old one stops at once.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/betas/{beta_id}/webhooks/{webhook_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Raises a `webhook_test` event for this endpoint alone, whatever its events filter, and sends it at once: {"id":"evt_…","type":"webhook_test","created_at":…,"beta_id":…,"data":{"webhook_id":…,"url":…,"message":…}}. Each delivery is a POST of the event as JSON, signed with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) using the endpoint's secret; an endpoint whose format is slack or discord is sent each event as a message in that tool's shape. It is one attempt, logged in the endpoint's deliveries and not retried. A disabled endpoint answers 422.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the company's members */
        get: operations["listMembers"];
        put?: never;
        /**
         * Add a member
         * @description Without a password, the member is e-mailed a link (valid 7 days, once) to choose one.
         */
        post: operations["createMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/members/{member_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description Answers with the member as they were; their sessions end.
         */
        delete: operations["deleteMember"];
        options?: never;
        head?: never;
        /** Change a member's role */
        patch: operations["updateMember"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * ErrorBody
         * @description One entry per problem found
         */
        "def-0": {
            errors: {
                /**
                 * @description What went wrong, by number (also in x-error-codes):
                 *
                 *     | Code | Status | Message | When |
                 *     |---|---|---|---|
                 *     | 1400 | 400 | Malformed request | The body is not valid JSON, UTF-8 or form encoding, the URL does not decode, or a query parameter is wrong on a route outside the series below; Fastify's own client errors keep their 4xx status |
                 *     | 1401 | 401 | Invalid API key | The API key is missing, unknown, expired or revoked, the Authorization header is malformed, two different keys are sent; or the metrics token is missing or wrong |
                 *     | 1403 | 403 | This API key lacks the permission | The API key lacks the permission the route needs |
                 *     | 1404 | 404 | Not found | No such route, or the resource named does not exist or belongs to another company; the message names it (Tester not found) |
                 *     | 1409 | 409 | A request with this Idempotency-Key is still being processed; retry once it has been answered | A write carries the Idempotency-Key of a request still running: the retry, once that one is answered, replays its answer |
                 *     | 1413 | 413 | Request body is too large | The body is longer than the route accepts |
                 *     | 1415 | 415 | Unsupported media type | An upload's bytes are none of the types the route takes, or another type than the one declared; the message names both |
                 *     | 1422 | 422 | This Idempotency-Key was used for a different request; send a new key for a new request | A write carries an Idempotency-Key used in the last 24 hours with another method, path, query or body |
                 *     | 1429 | 429 | Rate limit exceeded | A rate limit is reached; the message names the limit and when to try again, Retry-After gives the seconds |
                 *     | 1500 | 500 | Internal error | An unexpected failure on a route outside the series below; the message carries the request id, the log the details |
                 *     | 2201 | 422 | General error | A beta management request breaks a rule no specific code names (the message says which, such as a slug or a chosen id taken), or fails schema validation; 500 with the same code when the request fails unexpectedly |
                 *     | 2204 | 422 | Unable to delete beta | Never answered: A beta is deleted with everything it holds, so no deletion is refused |
                 *     | 2205 | 422 | A sandbox cannot have a sandbox; open the sandbox of the beta it copies | Create sandbox (Prelaunch's code in the series): the beta named is itself a sandbox |
                 *     | 2301 | 422 | General error | A tester request breaks a rule no specific code names (the message says which, such as a status change not allowed), or fails schema validation; 500 with the same code when the request fails unexpectedly |
                 *     | 2302 | 422 | Email is required | Create, update (emptied), checkin by e-mail: no e-mail address |
                 *     | 2303 | 422 | Name is required | Create, update: the beta requires a name and neither first_name nor last_name is given |
                 *     | 2304 | 422 | Employer is required | Create, update: the beta requires employer |
                 *     | 2305 | 422 | Job title is required | Create, update: the beta requires jobtitle |
                 *     | 2306 | 422 | Address is required | Create, update: the beta requires address_line1 |
                 *     | 2307 | 422 | Phone number is invalid | Create, update: profile.telephone is not a valid number |
                 *     | 2308 | 422 | Answer is required | Create, update: a required question is unanswered, or its answer is blanked |
                 *     | 2309 | 422 | Must agree | Create, update: a required agreement question is not answered 1 |
                 *     | 2310 | 422 | Tester exists; use the update method | Create: the beta has a tester with the e-mail address; update: another tester has it |
                 *     | 2311 | 422 | Unable to delete tester | Never answered: A tester is deleted with everything it holds, so no deletion is refused |
                 *     | 2312 | 422 | Invitation code is invalid or expired | Create, update: a custom code is expired or used up; verify: the code is not valid for the tester |
                 *     | 2313 | 422 | Invitation code is invalid | Create, update: the code matches neither the tester's nor a custom code |
                 *     | 2315 | 422 | Question not found | Create, update: a response names a question the beta does not have |
                 *     | 2316 | 422 | Project no longer accepting new signups | Create, or an update or confirmation that enters the waitlist, while the beta does not accept signups |
                 *     | 2317 | 403 | Plan limits exceeded and this tester is hidden | Create (the tester is stored, hidden), and any request naming a hidden tester: the company's plan is full |
                 *     | 2319 | 422 | Fraud protection: e-mail domain blacklisted | Create: the address's domain is on the beta's blocked list, or disposable while the beta blocks those in block fraud_mode (flag mode queues it for review) |
                 *     | 2320 | 422 | Fraud protection: IP address blacklisted | Create: the profile's ip is on the beta's blocked list |
                 *     | 2321 | 422 | Fraud protection: too many signups from this IP address | Create: the beta's max_signups_per_ip_per_day is reached for the ip in block fraud_mode (flag mode queues the signup for review) |
                 *     | 2322 | 422 | No data received: send the fields wrapped in "tester" as JSON, or as tester[…] form fields, with a matching Content-Type | Create, update: the body has no tester object (wrong Content-Type, or not wrapped in tester) |
                 *     | 2323 | 422 | IP address not valid (must be IPv4) | Create, update: profile.ip is not an IPv4 address |
                 *     | 2324 | 422 | Answer is invalid | Create, update: an answer is not one the question allows |
                 *     | 2325 | 422 | Country is required | Create, update: the beta requires country |
                 *     | 2326 | 422 | Fraud protection: referral refused | Create, update (Prelaunch's code in the series): fraud_mode is block and the referral is an alias of, or on the same device as, the referrer |
                 *     | 2327 | 422 | Leaderboard name is invalid | Create, update, the status page's name form (Prelaunch's code in the series): leaderboard_name is longer than 40 characters, or holds a control character, a line or paragraph separator or a bidirectional override |
                 *     | 2340 | 422 | Please wait for the anti-spam check to finish before signing up | Prelaunch's code: a public signup without the solved challenge (the field altcha) while the beta's signup_challenge is proof_of_work |
                 *     | 2341 | 422 | The anti-spam check did not pass; please reload the page and try again | Prelaunch's code: a public signup whose altcha is not a solution of a challenge this service issued for the beta |
                 *     | 2342 | 422 | This anti-spam check was used already; please reload the page to get a new one | Prelaunch's code: a public signup whose solved challenge was used for a signup already (each is good once, in any process) |
                 *     | 2343 | 422 | The anti-spam check has expired (they last 10 minutes); please reload the page and try again | Prelaunch's code: a public signup whose challenge was issued more than 10 minutes ago |
                 *     | 2344 | 429 | Too many signups from your network in the last hour; please try again later | Prelaunch's code: a public signup from an IPv4 /24 or IPv6 /48 network that reached the beta's max_signups_per_subnet_per_hour |
                 *     | 2345 | 403 | Signups from your country are not accepted for this waitlist | Prelaunch's code: a public signup from a country on the beta's signup_countries_blocked, or not on its signup_countries_allowed when that is set (an unknown country then too) |
                 *     | 2346 | 403 | This signup form may not be used on this website | Prelaunch's code: a public signup or share click sent from a page whose Origin is not the service's own nor on the beta's embed_origins |
                 *     | 2501 | 422 | General error | A friend invitation request breaks a rule no specific code names (the message says which), or fails schema validation; 500 with the same code when the request fails unexpectedly |
                 *     | 2502 | 422 | Invite-a-friend system disabled for the project | The beta's invite_a_friend_enabled is off |
                 *     | 2503 | 422 | Sender email is required | No sender_email |
                 *     | 2504 | 422 | No tester record for the sender email in this project | No visible tester of the beta has the sender's address |
                 *     | 2505 | 422 | Sender not allowed to send invitations | The sender's status is not invited, active or idle |
                 *     | 2506 | 422 | Recipient email is required | No recipient_email |
                 *     | 2507 | 422 | Cannot invite yourself | The sender and recipient addresses are the same |
                 *     | 2508 | 422 | Sender has no invitations left | The sender has used friend_invitations_allowed |
                 *     | 2509 | 422 | Recipient already invited | The recipient is already a tester of the beta, in any status |
                 *     | 2510 | 422 | Recipient email is invalid | recipient_email is not an e-mail address |
                 *     | 2601 | 422 | General error | A reward request breaks a rule no specific code names (the message says which), or fails schema validation; 500 with the same code when the request fails unexpectedly |
                 *     | 2602 | 422 | Email is required | Create, trigger: no email |
                 *     | 2603 | 422 | Email not found | Create, trigger: no tester of the beta has the address |
                 *     | 2604 | 422 | Descriptor is required | Create: no descriptor |
                 *     | 2605 | 422 | Descriptor not found | Create: the beta has no reward definition with the descriptor |
                 *     | 2606 | 422 | Event is required | Trigger: no event |
                 *     | 2607 | 422 | Invalid status | Update: the status is not delivered or revoked |
                 *     | 2608 | 422 | Reward cannot transition to this status | Update: the reward is not earned (only earned rewards are delivered or revoked) |
                 *     | 2609 | 422 | Limit reached | Create: the user holds max_quantity_per_user of the reward already, and skip_quantity_check is not true |
                 *     | 2701 | 422 | General error | A suppression request breaks a rule no specific code names (the message says which, such as deleting an Unsubscribe or SpamComplaint suppression), or fails schema validation; 500 with the same code when the request fails unexpectedly |
                 *     | 2702 | 422 | Email already exists | Create: the address is suppressed already |
                 *     | 2703 | 422 | Email is required | Create: no email |
                 *     | 2801 | 422 | General error | A points request breaks a rule no specific code names (the message says which, such as revoking a point twice), or fails schema validation; 500 with the same code when the request fails unexpectedly |
                 *     | 2802 | 422 | Email is required | Create: no email |
                 *     | 2803 | 422 | Email not found | Create: no visible tester of the beta has the address |
                 *     | 2804 | 422 | Quantity is required | Create: no quantity, or a blank one |
                 *     | 3001 | 422 | General error | Prelaunch's code: A member or account request breaks a rule no specific code names (the message says which, such as a role that is not owner, admin or viewer), or fails schema validation; 500 with the same code when the request fails unexpectedly |
                 *     | 3002 | 401 | Email or password is wrong | Prelaunch's code: Sign-in: no member has the address, or the password is not theirs (answered alike); or the session is missing or has expired |
                 *     | 3003 | 403 | This request did not come from the console | Prelaunch's code: A write authenticated by the session cookie lacks the session's X-CSRF-Token, or comes from another origin |
                 *     | 3004 | 403 | This member's role does not allow it | Prelaunch's code: the member's role lacks the permission the route needs |
                 *     | 3005 | 422 | Email is not a valid address | Prelaunch's code: Add a member, setup, reset request: the e-mail is not an address |
                 *     | 3006 | 422 | Password is too short | Prelaunch's code: Any new password shorter than 12 characters (or longer than 1,000) |
                 *     | 3007 | 422 | A member with this e-mail exists | Prelaunch's code: Add a member, setup: the address belongs to a member already |
                 *     | 3008 | 422 | Current password is wrong | Prelaunch's code: Change password: the current password given is not the member's |
                 *     | 3009 | 422 | This link is not valid any more | Prelaunch's code: Setup, reset, invitation, sign-in link: the link is unknown, used already or expired; setup once a member exists |
                 *     | 3010 | 422 | A company keeps at least one owner | Prelaunch's code: Change role, remove: the member is the company's last owner |
                 */
                code: number;
                /** @description The problem in words a person can act on */
                message: string;
            }[];
        };
        /** Beta */
        "def-1": {
            active_testers_count: number;
            applied_testers_count: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            homepage_url: string;
            id: number;
            imported_testers_count: number;
            impressions_count: number;
            invited_testers_count: number;
            name: string;
            /** @description Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed) */
            page: {
                background_color: string | null;
                brand_color: string | null;
                button_text: string | null;
                description: string | null;
                headline: string | null;
                hero_url: string | null;
                logo_url: string | null;
                share_message: string | null;
                /** @description The signup page says how many people are waiting ("Join 12,408 people waiting") */
                show_waiting_count: boolean;
                thank_you_headline: string | null;
                thank_you_text: string | null;
            };
            rejected_testers_count: number;
            /** @description Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan */
            sandbox: boolean;
            sandbox_of: number | null;
            /** @description Extension: how the campaign behaves */
            settings: {
                /** @description New testers may sign up (2316 otherwise) */
                accepting_signups: boolean;
                /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                block_disposable_email_domains: boolean;
                blocked_email_domains: string[];
                blocked_ips: string[];
                decoder_key: string;
                /** @description Signups confirm their e-mail address before they are applied */
                double_opt_in: boolean;
                /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                email_breaker_threshold_percent: number;
                /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                email_breaker_window: number;
                email_sends_per_minute: number | null;
                /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                embed_origins: string[];
                /**
                 * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                 * @enum {unknown}
                 */
                fraud_mode: "flag" | "block";
                /** @description Allowance of a new tester */
                friend_invitations_allowed: number;
                idle_days: number | null;
                invite_a_friend_enabled: boolean;
                /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                leaderboard_enabled: boolean;
                /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                leaderboard_size: number;
                max_signups_per_ip_per_day: number | null;
                max_signups_per_subnet_per_hour: number | null;
                /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                position_change_interval_minutes: number;
                referral_points: number;
                referral_url: string | null;
                required_fields: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                share_points: number;
                /**
                 * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                 * @enum {unknown}
                 */
                signup_challenge: "off" | "proof_of_work";
                /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                signup_challenge_difficulty: number;
                /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                signup_countries_allowed: string[];
                /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                signup_countries_blocked: string[];
                signup_points: number;
                vanity_referral_codes: boolean;
                /** @enum {unknown} */
                waitlist_order: "referrals" | "signup_time" | "points";
            };
            share_clicks_count: number;
            share_signups_count: number;
            slug: string | null;
            testers_count: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            updated_at: string;
        };
        /** Question */
        "def-2": {
            /** @description Options, answered by zero-based index; empty for text and agreement */
            choices: string[];
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            id: number;
            /** @enum {unknown} */
            kind: "text" | "multiple_choice" | "multiple_select" | "scale" | "agreement";
            prompt: string;
            required: boolean;
        };
        /** InvitationCode */
        "def-3": {
            code: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            expires_at: string | null;
            id: number;
            max_uses: number | null;
            uses: number;
        };
        /** Tester */
        "def-4": {
            applied_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            email: string;
            /** @description Extension: fraud signals that explain themselves */
            fraud: {
                /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                flags: {
                    /** @enum {unknown} */
                    name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                    /** @description One line saying why */
                    reason: string;
                }[];
                referral: ("pending" | "held" | "credited" | "reversed") | null;
                referral_accepted_at: string | null;
                signup_ip: string | null;
                signup_user_agent: string | null;
            };
            friend_invitations_allowed: number;
            friend_invitations_count: number;
            friend_invitations_remaining: number;
            /** @description Comma-separated group names */
            groups: string;
            id: number;
            imported_at: string | null;
            /** @description Empty string when no code was generated */
            invitation_code: string;
            invited_at: string | null;
            joined_at: string | null;
            leaderboard_name: string | null;
            /** @description Extension: the tester's points (revoked points left out); in list testers with include=points only */
            points?: number;
            /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
            priority: number;
            /** @description Profile fields, null when unset */
            profile: {
                address_line1: string | null;
                address_line2: string | null;
                age: string | null;
                browser_name: string | null;
                browser_version: string | null;
                city: string | null;
                country: string | null;
                custom_var1: string | null;
                custom_var2: string | null;
                custom_var3: string | null;
                employer: string | null;
                facebook_username: string | null;
                first_name: string | null;
                gender: string | null;
                http_referrer: string | null;
                ip: string | null;
                jobtitle: string | null;
                last_name: string | null;
                linkedin_username: string | null;
                locale: string | null;
                os_name: string | null;
                os_version: string | null;
                postal_code: string | null;
                state: string | null;
                telephone: string | null;
                twitter_username: string | null;
                utm_campaign: string | null;
                utm_content: string | null;
                utm_medium: string | null;
                utm_source: string | null;
                utm_term: string | null;
            };
            referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
            referral_code: string;
            referred_by: string | null;
            /** @description In create and update answers */
            responses?: {
                answer: string;
                question: string;
                question_id: number;
            }[];
            share_clicks_count: number;
            share_link: string;
            share_signups_count: number;
            share_status_link: string;
            /** @enum {unknown} */
            status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
            unsubscribed_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            updated_at: string;
            /** @description Extension: a second, unguessable identifier */
            uuid: string;
            waitlist_ahead: number | null;
            waitlist_behind: number | null;
            waitlist_length: number;
            waitlist_position: number | null;
        };
        /** Point */
        "def-5": {
            /** @enum {unknown} */
            activity: "bonus" | "signup" | "share" | "referral" | "reward" | "friend_reward";
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            id: number;
            /** @description Points issued; negative for a deduction */
            quantity: number;
            reason: string | null;
            /** @description Extension: when the point was revoked (it no longer counts); null while it counts */
            revoked_at: string | null;
            /** @description The tester who received the points */
            user_id: number;
        };
        /** Reward */
        "def-6": {
            delivered_at: string | null;
            /** @description Identifies which reward was issued; not for display */
            descriptor: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            earned_at: string;
            /** @description Unique identifier of the issued reward */
            id: number;
            /** @description Displayable description */
            name: string;
            revoked_at: string | null;
            /** @enum {unknown} */
            status: "earned" | "delivered" | "revoked";
            /** @enum {unknown} */
            type: "SingleSided" | "DoubleSided" | "Milestone";
            /** @description User who earned the reward */
            user_id: number;
            /**
             * @description For a DoubleSided reward, whether the referrer or the referred friend earned it; always referrer otherwise
             * @enum {unknown}
             */
            user_role: "referrer" | "friend";
        };
        /** Import */
        "def-7": {
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            /** @description A dry run checks every line and stores nothing but this report */
            dry_run: boolean;
            /** @description The first 100 rejected lines and why; errors_count counts them all */
            errors: {
                /** @description Line of the file (the header is line 1, or the line after the # comment lines above it; a quoted field holding newlines spans several) */
                line: number;
                message: string;
            }[];
            errors_count: number;
            failure: string | null;
            finished_at: string | null;
            id: number;
            /** @description Testers given the referrer their line names (or, in a dry run, that would be) */
            referrals_linked: number;
            /** @description Lines imported (or, in a dry run, that would be) */
            rows_accepted: number;
            /** @description Lines skipped because their address is earlier in the file or in the beta already */
            rows_duplicate: number;
            /** @description Lines refused, each listed in errors (the first 100) */
            rows_rejected: number;
            /** @description Lines of testers read so far (the header not counted) */
            rows_total: number;
            /** @description Whether each imported tester is sent the e-mail of their status */
            send_emails: boolean;
            /** @enum {unknown} */
            status: "queued" | "running" | "completed" | "failed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            updated_at: string;
            /** @description The first 100 notes on lines imported or skipped: duplicates, referrers not found, columns not imported (line 1) */
            warnings: {
                /** @description Line of the file (the header is line 1, or the line after the # comment lines above it; a quoted field holding newlines spans several) */
                line: number;
                message: string;
            }[];
            warnings_count: number;
        };
        /** BulkAction */
        "def-8": {
            /** @enum {unknown} */
            action: "invite" | "set_status" | "add_to_group" | "remove_from_group" | "delete";
            /** @description Testers moved to the status, regrouped or deleted */
            changed: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            failure: string | null;
            filters: {
                [key: string]: string;
            } | null;
            finished_at: string | null;
            group: string | null;
            id: number;
            /** @description Testers done so far: changed + skipped */
            processed: number;
            /** @description processed out of total, in per cent */
            progress: number;
            requested_by: {
                api_key_id: number | null;
                member_id: number | null;
            };
            /** @description Testers left as they were: already in the status (or the group, or out of it), not permitted, or deleted since */
            skipped: number;
            /**
             * @description queued, running, completed, failed or cancelled
             * @enum {unknown}
             */
            state: "queued" | "running" | "completed" | "failed" | "cancelled";
            status: ("applied" | "invited" | "rejected" | "suspended" | "unsuspended" | "active") | null;
            top: number | null;
            /** @description Testers selected when the action was created */
            total: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            updated_at: string;
        };
        /** InvitationSchedule */
        "def-9": {
            at: string | null;
            count: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            every: ("day" | "week") | null;
            id: number;
            /** @enum {unknown} */
            kind: "top" | "referrals";
            next_run_at: string | null;
            paused: boolean;
            skip_next: boolean;
            threshold: number | null;
            time_zone: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            updated_at: string;
            weekday: ("monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday") | null;
        };
        /** InvitationWave */
        "def-10": {
            bulk_action_id: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            due_at: string;
            first_position: number | null;
            id: number;
            /** @description Testers invited so far */
            invited: number;
            last_position: number | null;
            schedule_id: number;
            /** @description Testers the wave took */
            selected: number;
            /** @description Skipped at the owner's request (skip_next): nobody invited */
            skipped: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            started_at: string;
            state: ("queued" | "running" | "completed" | "failed" | "cancelled") | null;
        };
        /** FlaggedTester */
        "def-11": {
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            email: string;
            flags: {
                /** @enum {unknown} */
                name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                /** @description The signal explained in words */
                reason: string;
            }[];
            id: number;
            referral: ("pending" | "held" | "credited" | "reversed") | null;
            referred_by: string | null;
            signup_ip: string | null;
            signup_user_agent: string | null;
            /** @enum {unknown} */
            status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
        };
        /** FraudDecision */
        "def-12": {
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            decided_by: {
                api_key_id: number | null;
                member_id: number | null;
                /** @description The member's address or the API key's name, as it was then */
                name: string;
            };
            /** @enum {unknown} */
            decision: "approve" | "reject";
            id: number;
            note: string | null;
            tester_email: string;
            tester_id: number;
        };
        /** FraudCluster */
        "def-13": {
            /**
             * @description network: the signup IP's /24 (IPv4) or /48 (IPv6); device: the same signup IP and user agent; referrer: referred by the same tester
             * @enum {unknown}
             */
            by: "network" | "device" | "referrer";
            /** @description The cluster as listed: a network's subnet (203.0.113.0/24), a device's IP address, a space and its user agent, a referrer's tester id */
            key: string;
            /** @description The cluster in words: the subnet, the IP address and user agent, or the referrer's address */
            label: string;
            /** @description Its first 10 members, oldest first */
            members: components["schemas"]["def-11"][];
            /** @description Its flagged testers not reviewed yet */
            size: number;
        };
        /** ListedPoint */
        "def-14": {
            /** @enum {unknown} */
            activity: "bonus" | "signup" | "share" | "referral" | "reward" | "friend_reward";
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            /** @description Extension: the e-mail address of the tester who received the points */
            email: string;
            id: number;
            /** @description Points issued; negative for a deduction */
            quantity: number;
            reason: string | null;
            /** @description Extension: when the point was revoked (it no longer counts); null while it counts */
            revoked_at: string | null;
            /** @description The tester who received the points */
            user_id: number;
        };
        /** Suppression */
        "def-15": {
            /** @description Suppressed address */
            email: string;
            id: number;
            /** @enum {unknown} */
            reason: "Manual" | "Unsubscribe" | "HardBounce" | "SpamComplaint";
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            suppressed_at: string;
            user_id: number | null;
        };
        /** RewardDefinition */
        "def-16": {
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            /** @description Identifies the reward; unique in the beta, not for display */
            descriptor: string;
            friend_name: string | null;
            id: number;
            /** @description Most rewards of this definition a user holds (revoked ones do not count) */
            max_quantity_per_user: number;
            /** @description Displayable description */
            name: string;
            /** @description Points granted with each reward */
            points: number;
            referrals_required: number | null;
            /** @enum {unknown} */
            type: "SingleSided" | "DoubleSided" | "Milestone";
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            updated_at: string;
        };
        /** RewardRule */
        "def-17": {
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            definition_id: number;
            /** @description The reward definition the event issues */
            descriptor: string;
            /** @description A custom event name, or the reserved signup */
            event: string;
            id: number;
        };
        /** Webhook */
        "def-18": {
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            digest_at: string | null;
            /** @description When the next digest is due; null when the endpoint has none */
            digest_next_at: string | null;
            digest_time_zone: string | null;
            disabled_reason: string | null;
            /** @description Whether events are sent to it */
            enabled: boolean;
            /** @description Event types sent to the endpoint: tester_created, tester_updated, tester_deleted, reward_earned, reward_delivered, reward_revoked, point_earned, point_revoked, tester_position_changed; ["*"] for all, including types added later */
            events: string[];
            /**
             * @description standard: the signed JSON events; slack or discord: each event as a message in that tool's incoming-webhook shape (Slack: text and blocks; Discord: content and embeds), with a link to the console and addresses masked
             * @enum {unknown}
             */
            format: "standard" | "slack" | "discord";
            id: number;
            /** @description Also sign each delivery the original service's way: X-Prefinery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret as shown>, beside the Standard Webhooks headers */
            prefinery_signature: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            updated_at: string;
            /** @description Where events are POSTed */
            url: string;
        };
        /** WebhookDelivery */
        "def-19": {
            /** @description Which attempt at delivering this event to this endpoint, from 1 (redeliveries continue the count) */
            attempt: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            /** @description How long the attempt took */
            duration_ms: number;
            error: string | null;
            /** @description The event (evt_…): the body's id and the webhook-id header, the same on every attempt */
            event_id: string;
            event_type: string;
            id: number;
            /** @description When the next attempt is scheduled; null when none is (delivered, or given up) */
            next_attempt_at: string | null;
            response_status: number | null;
            /** @enum {unknown} */
            status: "succeeded" | "failed";
        };
        /** EmailTemplate */
        "def-20": {
            /** @description Liquid template of the plain text body */
            body: string;
            /** @description The beta rewrote the subject, body or html_body; the other parts are the defaults */
            customized: boolean;
            /** @description Messages are sent on this occasion (status messages are off until switched on) */
            enabled: boolean;
            /** @description Liquid template of the HTML body (output escaped; `| raw` opts out); empty = text only */
            html_body: string;
            /**
             * @description invitation (status invited), friend_invitation, confirmation (status unconfirmed, double opt-in), applied, active, rejected, suspended, unsuspended, already_signed_up (a public signup with an address on the list already: at most one an hour per address), position_changed ("You moved up": the tester moved up the waitlist, told once per position_change_interval_minutes; off until switched on)
             * @enum {unknown}
             */
            occasion: "invitation" | "friend_invitation" | "confirmation" | "applied" | "active" | "rejected" | "suspended" | "unsuspended" | "already_signed_up" | "position_changed";
            /** @description Liquid template of the subject */
            subject: string;
            updated_at: string | null;
            /** @description Variables the templates see: tester (as the API shows it, with profile), beta (id, name, homepage_url), unsubscribe_url; friend_invitation adds sender (the inviting tester) and message, confirmation adds confirmation_url, position_changed adds position_before and position_after */
            variables: string[];
        };
        /** EmailMessage */
        "def-21": {
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            error: string | null;
            id: number;
            /** @enum {unknown} */
            occasion: "invitation" | "friend_invitation" | "confirmation" | "applied" | "active" | "rejected" | "suspended" | "unsuspended" | "already_signed_up" | "position_changed";
            sent_at: string | null;
            /**
             * @description queued (waiting to be sent), sent (accepted by the SMTP server), captured (kept here: no SMTP_URL), suppressed (held back: the address is suppressed, or the tester unsubscribed or was deleted), failed (see error)
             * @enum {unknown}
             */
            status: "queued" | "sent" | "captured" | "suppressed" | "failed";
            subject: string;
            /** @description A test send of the template, for a sample tester, to an address a member chose */
            test: boolean;
            /** @description Recipient address */
            to: string;
            user_id: number | null;
        };
        /** ApiKey */
        "def-22": {
            company_id: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC, second precision
             */
            created_at: string;
            /** @description From then on the key opens nothing; null = never */
            expires_at: string | null;
            id: number;
            /** @description The first characters of the key (pl_ and four more), to tell keys apart */
            key_prefix: string;
            /** @description When it last opened a request, to the minute */
            last_used_at: string | null;
            /** @description A label for the key */
            name: string;
            /** @description What the key may do */
            permissions: ("betas:read" | "betas:write" | "betas:delete" | "testers:read" | "testers:write" | "testers:delete" | "rewards:read" | "rewards:write" | "points:read" | "points:write" | "suppressions:read" | "suppressions:write" | "webhooks:manage" | "members:read" | "members:manage" | "api_keys:manage")[];
            /** @description When it was revoked (it opens nothing since); null while it is not */
            revoked_at: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    checkinTesterByEmailV1: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description <checkin><email>…</email></checkin> */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": {
                        checkin: {
                            email: string;
                        };
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": {
                        errors: {
                            error: {
                                code: number;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": {
                        errors: {
                            error: {
                                code: number;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": {
                        errors: {
                            error: {
                                code: number;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": {
                        errors: {
                            error: {
                                code: number;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": {
                        errors: {
                            error: {
                                code: number;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": {
                        errors: {
                            error: {
                                code: number;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": {
                        errors: {
                            error: {
                                code: number;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": {
                        errors: {
                            error: {
                                code: number;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": {
                        errors: {
                            error: {
                                code: number;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": {
                        errors: {
                            error: {
                                code: number;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-22"][];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expires_at?: string | null;
                    /** @description A label; "API key" by default */
                    name?: string;
                    /** @description Of betas:read, betas:write, betas:delete, testers:read, testers:write, testers:delete, rewards:read, rewards:write, points:read, points:write, suppressions:read, suppressions:write, webhooks:manage, members:read, members:manage, api_keys:manage; all by default */
                    permissions?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company_id: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        /** @description From then on the key opens nothing; null = never */
                        expires_at: string | null;
                        id: number;
                        /** @description The key itself (pl_…): shown in this answer only, never again. Store it now. */
                        key: string;
                        /** @description The first characters of the key (pl_ and four more), to tell keys apart */
                        key_prefix: string;
                        /** @description A label for the key */
                        name: string;
                        /** @description What the key may do */
                        permissions: ("betas:read" | "betas:write" | "betas:delete" | "testers:read" | "testers:write" | "testers:delete" | "rewards:read" | "rewards:write" | "points:read" | "points:write" | "suppressions:read" | "suppressions:write" | "webhooks:manage" | "members:read" | "members:manage" | "api_keys:manage")[];
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description API key id */
                api_key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company_id: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        /** @description From then on the key opens nothing; null = never */
                        expires_at: string | null;
                        id: number;
                        /** @description The first characters of the key (pl_ and four more), to tell keys apart */
                        key_prefix: string;
                        /** @description When it last opened a request, to the minute */
                        last_used_at: string | null;
                        /** @description A label for the key */
                        name: string;
                        /** @description What the key may do */
                        permissions: ("betas:read" | "betas:write" | "betas:delete" | "testers:read" | "testers:write" | "testers:delete" | "rewards:read" | "rewards:write" | "points:read" | "points:write" | "suppressions:read" | "suppressions:write" | "webhooks:manage" | "members:read" | "members:manage" | "api_keys:manage")[];
                        /** @description When it was revoked (it opens nothing since); null while it is not */
                        revoked_at: string | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listBetas: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-1"][];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createBeta: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The fields, wrapped (or send them unwrapped) */
                    beta?: {
                        homepage_url?: string;
                        /** @description Extension: the id to give the new row, such as the one it had in the service you move from; taken ids are refused. Absent: a new id */
                        id?: number | string;
                        name?: string;
                        page?: {
                            background_color?: string | null;
                            brand_color?: string | null;
                            button_text?: string | null;
                            description?: string | null;
                            headline?: string | null;
                            share_message?: string | null;
                            show_waiting_count?: boolean | string | number;
                            thank_you_headline?: string | null;
                            thank_you_text?: string | null;
                        };
                        settings?: {
                            accepting_signups?: boolean | string | number;
                            block_disposable_email_domains?: boolean | string | number;
                            blocked_email_domains?: string[];
                            blocked_ips?: string[];
                            decoder_key?: string;
                            double_opt_in?: boolean | string | number;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent?: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window?: number;
                            email_sends_per_minute?: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins?: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode?: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed?: number;
                            idle_days?: number | null;
                            invite_a_friend_enabled?: boolean | string | number;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled?: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size?: number;
                            max_signups_per_ip_per_day?: number | null;
                            max_signups_per_subnet_per_hour?: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes?: number;
                            referral_points?: number;
                            referral_url?: string | null;
                            required_fields?: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points?: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge?: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty?: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed?: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked?: string[];
                            signup_points?: number;
                            vanity_referral_codes?: boolean | string | number;
                            /** @enum {unknown} */
                            waitlist_order?: "referrals" | "signup_time" | "points";
                        };
                        slug?: string | null;
                    };
                    homepage_url?: string;
                    /** @description Extension: the id to give the new row, such as the one it had in the service you move from; taken ids are refused. Absent: a new id */
                    id?: number | string;
                    name?: string;
                    page?: {
                        background_color?: string | null;
                        brand_color?: string | null;
                        button_text?: string | null;
                        description?: string | null;
                        headline?: string | null;
                        share_message?: string | null;
                        show_waiting_count?: boolean | string | number;
                        thank_you_headline?: string | null;
                        thank_you_text?: string | null;
                    };
                    settings?: {
                        accepting_signups?: boolean | string | number;
                        block_disposable_email_domains?: boolean | string | number;
                        blocked_email_domains?: string[];
                        blocked_ips?: string[];
                        decoder_key?: string;
                        double_opt_in?: boolean | string | number;
                        /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                        email_breaker_threshold_percent?: number;
                        /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                        email_breaker_window?: number;
                        email_sends_per_minute?: number | null;
                        /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                        embed_origins?: string[];
                        /**
                         * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                         * @enum {unknown}
                         */
                        fraud_mode?: "flag" | "block";
                        /** @description Allowance of a new tester */
                        friend_invitations_allowed?: number;
                        idle_days?: number | null;
                        invite_a_friend_enabled?: boolean | string | number;
                        /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                        leaderboard_enabled?: boolean;
                        /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                        leaderboard_size?: number;
                        max_signups_per_ip_per_day?: number | null;
                        max_signups_per_subnet_per_hour?: number | null;
                        /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                        position_change_interval_minutes?: number;
                        referral_points?: number;
                        referral_url?: string | null;
                        required_fields?: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                        share_points?: number;
                        /**
                         * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                         * @enum {unknown}
                         */
                        signup_challenge?: "off" | "proof_of_work";
                        /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                        signup_challenge_difficulty?: number;
                        /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                        signup_countries_allowed?: string[];
                        /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                        signup_countries_blocked?: string[];
                        signup_points?: number;
                        vanity_referral_codes?: boolean | string | number;
                        /** @enum {unknown} */
                        waitlist_order?: "referrals" | "signup_time" | "points";
                    };
                    slug?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_testers_count: number;
                        applied_testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        homepage_url: string;
                        id: number;
                        imported_testers_count: number;
                        impressions_count: number;
                        invited_testers_count: number;
                        name: string;
                        /** @description Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed) */
                        page: {
                            background_color: string | null;
                            brand_color: string | null;
                            button_text: string | null;
                            description: string | null;
                            headline: string | null;
                            hero_url: string | null;
                            logo_url: string | null;
                            share_message: string | null;
                            /** @description The signup page says how many people are waiting ("Join 12,408 people waiting") */
                            show_waiting_count: boolean;
                            thank_you_headline: string | null;
                            thank_you_text: string | null;
                        };
                        rejected_testers_count: number;
                        /** @description Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan */
                        sandbox: boolean;
                        sandbox_of: number | null;
                        /** @description Extension: how the campaign behaves */
                        settings: {
                            /** @description New testers may sign up (2316 otherwise) */
                            accepting_signups: boolean;
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            decoder_key: string;
                            /** @description Signups confirm their e-mail address before they are applied */
                            double_opt_in: boolean;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window: number;
                            email_sends_per_minute: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed: number;
                            idle_days: number | null;
                            invite_a_friend_enabled: boolean;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size: number;
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes: number;
                            referral_points: number;
                            referral_url: string | null;
                            required_fields: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                            signup_points: number;
                            vanity_referral_codes: boolean;
                            /** @enum {unknown} */
                            waitlist_order: "referrals" | "signup_time" | "points";
                        };
                        share_clicks_count: number;
                        share_signups_count: number;
                        slug: string | null;
                        testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showBeta: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_testers_count: number;
                        applied_testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        homepage_url: string;
                        id: number;
                        imported_testers_count: number;
                        impressions_count: number;
                        invited_testers_count: number;
                        name: string;
                        /** @description Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed) */
                        page: {
                            background_color: string | null;
                            brand_color: string | null;
                            button_text: string | null;
                            description: string | null;
                            headline: string | null;
                            hero_url: string | null;
                            logo_url: string | null;
                            share_message: string | null;
                            /** @description The signup page says how many people are waiting ("Join 12,408 people waiting") */
                            show_waiting_count: boolean;
                            thank_you_headline: string | null;
                            thank_you_text: string | null;
                        };
                        rejected_testers_count: number;
                        /** @description Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan */
                        sandbox: boolean;
                        sandbox_of: number | null;
                        /** @description Extension: how the campaign behaves */
                        settings: {
                            /** @description New testers may sign up (2316 otherwise) */
                            accepting_signups: boolean;
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            decoder_key: string;
                            /** @description Signups confirm their e-mail address before they are applied */
                            double_opt_in: boolean;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window: number;
                            email_sends_per_minute: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed: number;
                            idle_days: number | null;
                            invite_a_friend_enabled: boolean;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size: number;
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes: number;
                            referral_points: number;
                            referral_url: string | null;
                            required_fields: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                            signup_points: number;
                            vanity_referral_codes: boolean;
                            /** @enum {unknown} */
                            waitlist_order: "referrals" | "signup_time" | "points";
                        };
                        share_clicks_count: number;
                        share_signups_count: number;
                        slug: string | null;
                        testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteBeta: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_testers_count: number;
                        applied_testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        homepage_url: string;
                        id: number;
                        imported_testers_count: number;
                        impressions_count: number;
                        invited_testers_count: number;
                        name: string;
                        /** @description Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed) */
                        page: {
                            background_color: string | null;
                            brand_color: string | null;
                            button_text: string | null;
                            description: string | null;
                            headline: string | null;
                            hero_url: string | null;
                            logo_url: string | null;
                            share_message: string | null;
                            /** @description The signup page says how many people are waiting ("Join 12,408 people waiting") */
                            show_waiting_count: boolean;
                            thank_you_headline: string | null;
                            thank_you_text: string | null;
                        };
                        rejected_testers_count: number;
                        /** @description Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan */
                        sandbox: boolean;
                        sandbox_of: number | null;
                        /** @description Extension: how the campaign behaves */
                        settings: {
                            /** @description New testers may sign up (2316 otherwise) */
                            accepting_signups: boolean;
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            decoder_key: string;
                            /** @description Signups confirm their e-mail address before they are applied */
                            double_opt_in: boolean;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window: number;
                            email_sends_per_minute: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed: number;
                            idle_days: number | null;
                            invite_a_friend_enabled: boolean;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size: number;
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes: number;
                            referral_points: number;
                            referral_url: string | null;
                            required_fields: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                            signup_points: number;
                            vanity_referral_codes: boolean;
                            /** @enum {unknown} */
                            waitlist_order: "referrals" | "signup_time" | "points";
                        };
                        share_clicks_count: number;
                        share_signups_count: number;
                        slug: string | null;
                        testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    updateBeta: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The fields, wrapped (or send them unwrapped) */
                    beta?: {
                        homepage_url?: string;
                        name?: string;
                        page?: {
                            background_color?: string | null;
                            brand_color?: string | null;
                            button_text?: string | null;
                            description?: string | null;
                            headline?: string | null;
                            share_message?: string | null;
                            show_waiting_count?: boolean | string | number;
                            thank_you_headline?: string | null;
                            thank_you_text?: string | null;
                        };
                        settings?: {
                            accepting_signups?: boolean | string | number;
                            block_disposable_email_domains?: boolean | string | number;
                            blocked_email_domains?: string[];
                            blocked_ips?: string[];
                            decoder_key?: string;
                            double_opt_in?: boolean | string | number;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent?: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window?: number;
                            email_sends_per_minute?: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins?: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode?: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed?: number;
                            idle_days?: number | null;
                            invite_a_friend_enabled?: boolean | string | number;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled?: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size?: number;
                            max_signups_per_ip_per_day?: number | null;
                            max_signups_per_subnet_per_hour?: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes?: number;
                            referral_points?: number;
                            referral_url?: string | null;
                            required_fields?: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points?: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge?: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty?: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed?: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked?: string[];
                            signup_points?: number;
                            vanity_referral_codes?: boolean | string | number;
                            /** @enum {unknown} */
                            waitlist_order?: "referrals" | "signup_time" | "points";
                        };
                        slug?: string | null;
                    };
                    homepage_url?: string;
                    name?: string;
                    page?: {
                        background_color?: string | null;
                        brand_color?: string | null;
                        button_text?: string | null;
                        description?: string | null;
                        headline?: string | null;
                        share_message?: string | null;
                        show_waiting_count?: boolean | string | number;
                        thank_you_headline?: string | null;
                        thank_you_text?: string | null;
                    };
                    settings?: {
                        accepting_signups?: boolean | string | number;
                        block_disposable_email_domains?: boolean | string | number;
                        blocked_email_domains?: string[];
                        blocked_ips?: string[];
                        decoder_key?: string;
                        double_opt_in?: boolean | string | number;
                        /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                        email_breaker_threshold_percent?: number;
                        /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                        email_breaker_window?: number;
                        email_sends_per_minute?: number | null;
                        /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                        embed_origins?: string[];
                        /**
                         * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                         * @enum {unknown}
                         */
                        fraud_mode?: "flag" | "block";
                        /** @description Allowance of a new tester */
                        friend_invitations_allowed?: number;
                        idle_days?: number | null;
                        invite_a_friend_enabled?: boolean | string | number;
                        /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                        leaderboard_enabled?: boolean;
                        /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                        leaderboard_size?: number;
                        max_signups_per_ip_per_day?: number | null;
                        max_signups_per_subnet_per_hour?: number | null;
                        /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                        position_change_interval_minutes?: number;
                        referral_points?: number;
                        referral_url?: string | null;
                        required_fields?: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                        share_points?: number;
                        /**
                         * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                         * @enum {unknown}
                         */
                        signup_challenge?: "off" | "proof_of_work";
                        /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                        signup_challenge_difficulty?: number;
                        /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                        signup_countries_allowed?: string[];
                        /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                        signup_countries_blocked?: string[];
                        signup_points?: number;
                        vanity_referral_codes?: boolean | string | number;
                        /** @enum {unknown} */
                        waitlist_order?: "referrals" | "signup_time" | "points";
                    };
                    slug?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_testers_count: number;
                        applied_testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        homepage_url: string;
                        id: number;
                        imported_testers_count: number;
                        impressions_count: number;
                        invited_testers_count: number;
                        name: string;
                        /** @description Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed) */
                        page: {
                            background_color: string | null;
                            brand_color: string | null;
                            button_text: string | null;
                            description: string | null;
                            headline: string | null;
                            hero_url: string | null;
                            logo_url: string | null;
                            share_message: string | null;
                            /** @description The signup page says how many people are waiting ("Join 12,408 people waiting") */
                            show_waiting_count: boolean;
                            thank_you_headline: string | null;
                            thank_you_text: string | null;
                        };
                        rejected_testers_count: number;
                        /** @description Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan */
                        sandbox: boolean;
                        sandbox_of: number | null;
                        /** @description Extension: how the campaign behaves */
                        settings: {
                            /** @description New testers may sign up (2316 otherwise) */
                            accepting_signups: boolean;
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            decoder_key: string;
                            /** @description Signups confirm their e-mail address before they are applied */
                            double_opt_in: boolean;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window: number;
                            email_sends_per_minute: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed: number;
                            idle_days: number | null;
                            invite_a_friend_enabled: boolean;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size: number;
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes: number;
                            referral_points: number;
                            referral_url: string | null;
                            required_fields: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                            signup_points: number;
                            vanity_referral_codes: boolean;
                            /** @enum {unknown} */
                            waitlist_order: "referrals" | "signup_time" | "points";
                        };
                        share_clicks_count: number;
                        share_signups_count: number;
                        slug: string | null;
                        testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listBulkActions: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-8"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createBulkAction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Required. invite: move the testers to invited (their invitation e-mail); set_status: move them to `status`; add_to_group, remove_from_group: add `group` to their groups or take it out; delete: delete them, as delete tester does (with `confirm_total`)
                     * @enum {unknown}
                     */
                    action?: "invite" | "set_status" | "add_to_group" | "remove_from_group" | "delete";
                    /** @description For delete, required unless dry_run: how many testers the selection holds (the preview's `testers`); when it holds another number now, 422 and nothing is deleted */
                    confirm_total?: number;
                    /**
                     * @description Answer the preview (200) and create nothing
                     * @default false
                     */
                    dry_run?: boolean;
                    /** @description The filters of list testers (its query parameters): every visible tester matching them all; {} for every tester */
                    filters?: {
                        custom_vars?: string;
                        /** @description Legacy alias of email_contains */
                        email?: string;
                        email_contains?: string;
                        email_is?: string;
                        /**
                         * @description Extension: flagged, testers with at least one fraud flag; clear, those with none
                         * @enum {unknown}
                         */
                        fraud?: "flagged" | "clear";
                        /** @description Extension: only testers in this group (one name, exact) */
                        group?: string;
                        /** @description Extension: only the testers of these ids, comma-separated (testers picked one by one), at most 1000; an id that is not one, or more ids, is 422 (2301). Ids of other betas' testers match nothing */
                        ids?: string;
                        name?: string;
                        referral_code?: string;
                        /**
                         * @description Extension: true, testers with a referrer; false, those without
                         * @enum {unknown}
                         */
                        referred?: "true" | "false";
                        /** @description Extension: the direct referrals of the tester with this id (the referral tree's next level) */
                        referrer_id?: string;
                        /**
                         * @description Extension: only testers in this status
                         * @enum {unknown}
                         */
                        status?: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                    };
                    /** @description For add_to_group and remove_from_group: one group name (no comma, at most 200 characters) */
                    group?: string;
                    /**
                     * @description For set_status: the status asked of each tester, as update tester asks it
                     * @enum {unknown}
                     */
                    status?: "applied" | "invited" | "rejected" | "suspended" | "unsuspended" | "active";
                    /** @description Select the first N testers of the waitlist in its current order, fixed when the action is created */
                    top?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        action: "invite" | "set_status" | "add_to_group" | "remove_from_group" | "delete";
                        /** @description Testers that would change: their status, their groups, or deleted */
                        changes: number;
                        /** @description E-mails that would be sent: the status's message is switched on, for testers whose address is not suppressed or unsubscribed */
                        emails: number;
                        /** @description The first 25 testers selected: in waitlist order for a top selection, by id for a filter's */
                        first_testers: {
                            id: number;
                            /** @description The address masked as the public pages mask it (j***@e***.com): a preview is often shown or shared */
                            masked_email: string;
                            name: string | null;
                            position: number | null;
                        }[];
                        /** @description The group added or taken out (add_to_group, remove_from_group only) */
                        group?: string;
                        /** @description Referrals credited because the tester joins the campaign; each may also earn its referrer points and rewards (their own events) */
                        referral_credits: number;
                        /** @description Testers selected that would be left as they are: already in the status (or the group, or out of it), or a move the status rules do not permit */
                        skipped: number;
                        status: ("applied" | "invited" | "rejected" | "suspended" | "unsuspended" | "active") | null;
                        /** @description Messages recorded as suppressed instead of sent */
                        suppressed_emails: number;
                        /** @description Testers selected */
                        testers: number;
                        /** @description Deliveries of tester_updated events (tester_deleted for a deletion) to the enabled endpoints subscribed to them: one per changed tester and per referrer credited */
                        webhook_deliveries: number;
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        action: "invite" | "set_status" | "add_to_group" | "remove_from_group" | "delete";
                        /** @description Testers moved to the status, regrouped or deleted */
                        changed: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        failure: string | null;
                        filters: {
                            [key: string]: string;
                        } | null;
                        finished_at: string | null;
                        group: string | null;
                        id: number;
                        /** @description Testers done so far: changed + skipped */
                        processed: number;
                        /** @description processed out of total, in per cent */
                        progress: number;
                        requested_by: {
                            api_key_id: number | null;
                            member_id: number | null;
                        };
                        /** @description Testers left as they were: already in the status (or the group, or out of it), not permitted, or deleted since */
                        skipped: number;
                        /**
                         * @description queued, running, completed, failed or cancelled
                         * @enum {unknown}
                         */
                        state: "queued" | "running" | "completed" | "failed" | "cancelled";
                        status: ("applied" | "invited" | "rejected" | "suspended" | "unsuspended" | "active") | null;
                        top: number | null;
                        /** @description Testers selected when the action was created */
                        total: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showBulkAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Bulk action id */
                bulk_action_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        action: "invite" | "set_status" | "add_to_group" | "remove_from_group" | "delete";
                        /** @description Testers moved to the status, regrouped or deleted */
                        changed: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        failure: string | null;
                        filters: {
                            [key: string]: string;
                        } | null;
                        finished_at: string | null;
                        group: string | null;
                        id: number;
                        /** @description Testers done so far: changed + skipped */
                        processed: number;
                        /** @description processed out of total, in per cent */
                        progress: number;
                        requested_by: {
                            api_key_id: number | null;
                            member_id: number | null;
                        };
                        /** @description Testers left as they were: already in the status (or the group, or out of it), not permitted, or deleted since */
                        skipped: number;
                        /**
                         * @description queued, running, completed, failed or cancelled
                         * @enum {unknown}
                         */
                        state: "queued" | "running" | "completed" | "failed" | "cancelled";
                        status: ("applied" | "invited" | "rejected" | "suspended" | "unsuspended" | "active") | null;
                        top: number | null;
                        /** @description Testers selected when the action was created */
                        total: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    cancelBulkAction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Bulk action id */
                bulk_action_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        action: "invite" | "set_status" | "add_to_group" | "remove_from_group" | "delete";
                        /** @description Testers moved to the status, regrouped or deleted */
                        changed: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        failure: string | null;
                        filters: {
                            [key: string]: string;
                        } | null;
                        finished_at: string | null;
                        group: string | null;
                        id: number;
                        /** @description Testers done so far: changed + skipped */
                        processed: number;
                        /** @description processed out of total, in per cent */
                        progress: number;
                        requested_by: {
                            api_key_id: number | null;
                            member_id: number | null;
                        };
                        /** @description Testers left as they were: already in the status (or the group, or out of it), not permitted, or deleted since */
                        skipped: number;
                        /**
                         * @description queued, running, completed, failed or cancelled
                         * @enum {unknown}
                         */
                        state: "queued" | "running" | "completed" | "failed" | "cancelled";
                        status: ("applied" | "invited" | "rejected" | "suspended" | "unsuspended" | "active") | null;
                        top: number | null;
                        /** @description Testers selected when the action was created */
                        total: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    checkinTesterByEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    checkin?: {
                        email?: string;
                    };
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Accepted: no body */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showEmailSending: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description When sending was last resumed: the breaker counts the sends after it */
                        last_resumed_at: string | null;
                        pause_reason: string | null;
                        /** @description The sending breaker paused the beta's e-mail: hard bounces and complaints among its recent sends passed email_breaker_threshold_percent of email_breaker_window. Its messages stay queued until an owner or admin resumes sending */
                        paused: boolean;
                        paused_at: string | null;
                        /** @description Messages waiting to be sent, held ones included */
                        queued: number;
                        /** @description Messages the SMTP server accepted in the last hour */
                        sent_last_hour: number;
                        /** @description Messages the SMTP server accepted in the last 60 seconds */
                        sent_last_minute: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    resumeEmailSending: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description When sending was last resumed: the breaker counts the sends after it */
                        last_resumed_at: string | null;
                        pause_reason: string | null;
                        /** @description The sending breaker paused the beta's e-mail: hard bounces and complaints among its recent sends passed email_breaker_threshold_percent of email_breaker_window. Its messages stay queued until an owner or admin resumes sending */
                        paused: boolean;
                        paused_at: string | null;
                        /** @description Messages waiting to be sent, held ones included */
                        queued: number;
                        /** @description Messages the SMTP server accepted in the last hour */
                        sent_last_hour: number;
                        /** @description Messages the SMTP server accepted in the last 60 seconds */
                        sent_last_minute: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listEmailTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-20"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showEmailTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description invitation (status invited), friend_invitation, confirmation (status unconfirmed, double opt-in), applied, active, rejected, suspended, unsuspended, already_signed_up (a public signup with an address on the list already: at most one an hour per address), position_changed ("You moved up": the tester moved up the waitlist, told once per position_change_interval_minutes; off until switched on) */
                occasion: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Liquid template of the plain text body */
                        body: string;
                        /** @description The beta rewrote the subject, body or html_body; the other parts are the defaults */
                        customized: boolean;
                        /** @description Messages are sent on this occasion (status messages are off until switched on) */
                        enabled: boolean;
                        /** @description Liquid template of the HTML body (output escaped; `| raw` opts out); empty = text only */
                        html_body: string;
                        /**
                         * @description invitation (status invited), friend_invitation, confirmation (status unconfirmed, double opt-in), applied, active, rejected, suspended, unsuspended, already_signed_up (a public signup with an address on the list already: at most one an hour per address), position_changed ("You moved up": the tester moved up the waitlist, told once per position_change_interval_minutes; off until switched on)
                         * @enum {unknown}
                         */
                        occasion: "invitation" | "friend_invitation" | "confirmation" | "applied" | "active" | "rejected" | "suspended" | "unsuspended" | "already_signed_up" | "position_changed";
                        /** @description Liquid template of the subject */
                        subject: string;
                        updated_at: string | null;
                        /** @description Variables the templates see: tester (as the API shows it, with profile), beta (id, name, homepage_url), unsubscribe_url; friend_invitation adds sender (the inviting tester) and message, confirmation adds confirmation_url, position_changed adds position_before and position_after */
                        variables: string[];
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    updateEmailTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description invitation (status invited), friend_invitation, confirmation (status unconfirmed, double opt-in), applied, active, rejected, suspended, unsuspended, already_signed_up (a public signup with an address on the list already: at most one an hour per address), position_changed ("You moved up": the tester moved up the waitlist, told once per position_change_interval_minutes; off until switched on) */
                occasion: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Liquid, plain text; null = the default */
                    body?: string | null;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    email_template?: {
                        /** @description Liquid, plain text; null = the default */
                        body?: string | null;
                        /** @description Send messages on this occasion */
                        enabled?: boolean | string | number;
                        /** @description Liquid, HTML; "" = no HTML part; null = the default */
                        html_body?: string | null;
                        /** @description Liquid; null = the default */
                        subject?: string | null;
                    };
                    /** @description Send messages on this occasion */
                    enabled?: boolean | string | number;
                    /** @description Liquid, HTML; "" = no HTML part; null = the default */
                    html_body?: string | null;
                    /** @description Liquid; null = the default */
                    subject?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Liquid template of the plain text body */
                        body: string;
                        /** @description The beta rewrote the subject, body or html_body; the other parts are the defaults */
                        customized: boolean;
                        /** @description Messages are sent on this occasion (status messages are off until switched on) */
                        enabled: boolean;
                        /** @description Liquid template of the HTML body (output escaped; `| raw` opts out); empty = text only */
                        html_body: string;
                        /**
                         * @description invitation (status invited), friend_invitation, confirmation (status unconfirmed, double opt-in), applied, active, rejected, suspended, unsuspended, already_signed_up (a public signup with an address on the list already: at most one an hour per address), position_changed ("You moved up": the tester moved up the waitlist, told once per position_change_interval_minutes; off until switched on)
                         * @enum {unknown}
                         */
                        occasion: "invitation" | "friend_invitation" | "confirmation" | "applied" | "active" | "rejected" | "suspended" | "unsuspended" | "already_signed_up" | "position_changed";
                        /** @description Liquid template of the subject */
                        subject: string;
                        updated_at: string | null;
                        /** @description Variables the templates see: tester (as the API shows it, with profile), beta (id, name, homepage_url), unsubscribe_url; friend_invitation adds sender (the inviting tester) and message, confirmation adds confirmation_url, position_changed adds position_before and position_after */
                        variables: string[];
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    resetEmailTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description invitation (status invited), friend_invitation, confirmation (status unconfirmed, double opt-in), applied, active, rejected, suspended, unsuspended, already_signed_up (a public signup with an address on the list already: at most one an hour per address), position_changed ("You moved up": the tester moved up the waitlist, told once per position_change_interval_minutes; off until switched on) */
                occasion: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Liquid template of the plain text body */
                        body: string;
                        /** @description The beta rewrote the subject, body or html_body; the other parts are the defaults */
                        customized: boolean;
                        /** @description Messages are sent on this occasion (status messages are off until switched on) */
                        enabled: boolean;
                        /** @description Liquid template of the HTML body (output escaped; `| raw` opts out); empty = text only */
                        html_body: string;
                        /**
                         * @description invitation (status invited), friend_invitation, confirmation (status unconfirmed, double opt-in), applied, active, rejected, suspended, unsuspended, already_signed_up (a public signup with an address on the list already: at most one an hour per address), position_changed ("You moved up": the tester moved up the waitlist, told once per position_change_interval_minutes; off until switched on)
                         * @enum {unknown}
                         */
                        occasion: "invitation" | "friend_invitation" | "confirmation" | "applied" | "active" | "rejected" | "suspended" | "unsuspended" | "already_signed_up" | "position_changed";
                        /** @description Liquid template of the subject */
                        subject: string;
                        updated_at: string | null;
                        /** @description Variables the templates see: tester (as the API shows it, with profile), beta (id, name, homepage_url), unsubscribe_url; friend_invitation adds sender (the inviting tester) and message, confirmation adds confirmation_url, position_changed adds position_before and position_after */
                        variables: string[];
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    previewEmailTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description invitation (status invited), friend_invitation, confirmation (status unconfirmed, double opt-in), applied, active, rejected, suspended, unsuspended, already_signed_up (a public signup with an address on the list already: at most one an hour per address), position_changed ("You moved up": the tester moved up the waitlist, told once per position_change_interval_minutes; off until switched on) */
                occasion: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Liquid, plain text; null = the default */
                    body?: string | null;
                    /** @description The draft, wrapped (or send it unwrapped); a part not sent is the template as the beta sends it, null the default part */
                    email_template?: {
                        /** @description Liquid, plain text; null = the default */
                        body?: string | null;
                        /** @description Liquid, HTML; "" = no HTML part; null = the default */
                        html_body?: string | null;
                        /** @description Liquid; null = the default */
                        subject?: string | null;
                    };
                    /** @description Liquid, HTML; "" = no HTML part; null = the default */
                    html_body?: string | null;
                    /** @description Liquid; null = the default */
                    subject?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        html: string | null;
                        /** @description Subject as rendered */
                        subject: string;
                        /** @description Plain text body as rendered */
                        text: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    sendTestEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description invitation (status invited), friend_invitation, confirmation (status unconfirmed, double opt-in), applied, active, rejected, suspended, unsuspended, already_signed_up (a public signup with an address on the list already: at most one an hour per address), position_changed ("You moved up": the tester moved up the waitlist, told once per position_change_interval_minutes; off until switched on) */
                occasion: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Liquid, plain text; null = the default */
                    body?: string | null;
                    /** @description The draft, wrapped (or send it unwrapped); a part not sent is the template as the beta sends it, null the default part */
                    email_template?: {
                        /** @description Liquid, plain text; null = the default */
                        body?: string | null;
                        /** @description Liquid, HTML; "" = no HTML part; null = the default */
                        html_body?: string | null;
                        /** @description Liquid; null = the default */
                        subject?: string | null;
                    };
                    /** @description Liquid, HTML; "" = no HTML part; null = the default */
                    html_body?: string | null;
                    /** @description Liquid; null = the default */
                    subject?: string | null;
                    /** @description The address the test goes to; by default the signed-in member's own (required with an API key) */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        error: string | null;
                        id: number;
                        /** @enum {unknown} */
                        occasion: "invitation" | "friend_invitation" | "confirmation" | "applied" | "active" | "rejected" | "suspended" | "unsuspended" | "already_signed_up" | "position_changed";
                        sent_at: string | null;
                        /**
                         * @description queued (waiting to be sent), sent (accepted by the SMTP server), captured (kept here: no SMTP_URL), suppressed (held back: the address is suppressed, or the tester unsubscribed or was deleted), failed (see error)
                         * @enum {unknown}
                         */
                        status: "queued" | "sent" | "captured" | "suppressed" | "failed";
                        subject: string;
                        /** @description A test send of the template, for a sample tester, to an address a member chose */
                        test: boolean;
                        /** @description Recipient address */
                        to: string;
                        user_id: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listEmailMessages: {
        parameters: {
            query?: {
                /** @description Exact match on the recipient (case-insensitive) */
                email?: string;
                occasion?: "invitation" | "friend_invitation" | "confirmation" | "applied" | "active" | "rejected" | "suspended" | "unsuspended" | "already_signed_up" | "position_changed";
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
                status?: "queued" | "sent" | "captured" | "suppressed" | "failed";
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-21"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showEmailMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description E-mail message id */
                email_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Plain text body as rendered */
                        body: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        error: string | null;
                        html_body: string | null;
                        id: number;
                        message_id: string | null;
                        /** @enum {unknown} */
                        occasion: "invitation" | "friend_invitation" | "confirmation" | "applied" | "active" | "rejected" | "suspended" | "unsuspended" | "already_signed_up" | "position_changed";
                        sent_at: string | null;
                        /**
                         * @description queued (waiting to be sent), sent (accepted by the SMTP server), captured (kept here: no SMTP_URL), suppressed (held back: the address is suppressed, or the tester unsubscribed or was deleted), failed (see error)
                         * @enum {unknown}
                         */
                        status: "queued" | "sent" | "captured" | "suppressed" | "failed";
                        subject: string;
                        /** @description A test send of the template, for a sample tester, to an address a member chose */
                        test: boolean;
                        /** @description Recipient address */
                        to: string;
                        user_id: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listFraudDecisions: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-12"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    decideFraudInBulk: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Required. approve: the held referral is credited (as accept_referral does); reject: never credited, and the tester moves to rejected where the status rules permit
                     * @enum {unknown}
                     */
                    decision?: "approve" | "reject";
                    /** @description Why, for the log */
                    note?: string;
                    /** @description Required. The testers to decide, at most 500 */
                    tester_ids?: number[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        decisions: components["schemas"]["def-12"][];
                        /** @description Testers named that were not decided, and why */
                        skipped: {
                            /** @enum {unknown} */
                            reason: "not_found" | "not_flagged" | "already_decided";
                            tester_id: number;
                        }[];
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listFraudQueue: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-11"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    decideFraudCluster: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description network: the signup IP's /24 (IPv4) or /48 (IPv6); device: the same signup IP and user agent; referrer: referred by the same tester
                     * @enum {unknown}
                     */
                    by?: "network" | "device" | "referrer";
                    /**
                     * @description Required. approve: the held referral is credited (as accept_referral does); reject: never credited, and the tester moves to rejected where the status rules permit
                     * @enum {unknown}
                     */
                    decision?: "approve" | "reject";
                    /** @description The cluster as listed: a network's subnet (203.0.113.0/24), a device's IP address, a space and its user agent, a referrer's tester id */
                    key?: string;
                    /** @description Why, for the log */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description network: the signup IP's /24 (IPv4) or /48 (IPv6); device: the same signup IP and user agent; referrer: referred by the same tester
                         * @enum {unknown}
                         */
                        by: "network" | "device" | "referrer";
                        /** @description Members decided: each has its decision in the log */
                        decided: number;
                        /** @enum {unknown} */
                        decision: "approve" | "reject";
                        /** @description The cluster as listed: a network's subnet (203.0.113.0/24), a device's IP address, a space and its user agent, a referrer's tester id */
                        key: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listFraudClusters: {
        parameters: {
            query?: {
                /** @description network: the signup IP's /24 (IPv4) or /48 (IPv6); device: the same signup IP and user agent; referrer: referred by the same tester; network when not given */
                by?: "network" | "device" | "referrer";
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-13"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createFraudSimulation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Required. Fraud and signup settings to try, by the beta settings' own names (blocked_email_domains, blocked_ips, block_disposable_email_domains, max_signups_per_ip_per_day, max_signups_per_subnet_per_hour, signup_countries_allowed, signup_countries_blocked, fraud_mode); the beta's own stand for those left out */
                    settings?: {
                        /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                        block_disposable_email_domains?: boolean;
                        blocked_email_domains?: string[];
                        blocked_ips?: string[];
                        /**
                         * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                         * @enum {unknown}
                         */
                        fraud_mode?: "flag" | "block";
                        max_signups_per_ip_per_day?: number | null;
                        max_signups_per_subnet_per_hour?: number | null;
                        /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                        signup_countries_allowed?: string[];
                        /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                        signup_countries_blocked?: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Extension: fraud and signup settings tried on the beta’s testers, changing nothing */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        beta_id: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        failure: string | null;
                        finished_at: string | null;
                        id: number;
                        positions_changed: number | null;
                        /** @description Per cent of the beta’s testers read (as a bulk action’s progress) */
                        progress: number;
                        requested_by: {
                            api_key_id: number | null;
                            member_id: number | null;
                        };
                        /** @description Once completed: what each rule would have done; empty before */
                        rules: {
                            /** @description The first few testers of each outcome */
                            examples: {
                                email: string;
                                /** @enum {unknown} */
                                outcome: "flagged" | "held" | "refused";
                                /** @description Why, in words */
                                reason: string;
                                tester_id: number;
                            }[];
                            /** @description Testers the flag would mark without a referral to hold */
                            flagged: number;
                            /** @description Referrals the flag would hold for review */
                            held: number;
                            /** @description Signups the rule would refuse (the first rule to refuse each counts it) */
                            refused: number;
                            /**
                             * @description A setting that refuses signups, or a fraud flag
                             * @enum {unknown}
                             */
                            rule: "signup_countries" | "max_signups_per_subnet_per_hour" | "blocked_email_domains" | "block_disposable_email_domains" | "blocked_ips" | "max_signups_per_ip_per_day" | "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                        }[];
                        /** @description The settings tried: those proposed, and the beta’s own for the rest */
                        settings: {
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                        };
                        /** @enum {unknown} */
                        status: "running" | "completed" | "failed";
                        /** @description Testers checked as signups so far (imported testers never were, and are not) */
                        testers_checked: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showFraudSimulation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Fraud simulation id */
                simulation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Extension: fraud and signup settings tried on the beta’s testers, changing nothing */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        beta_id: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        failure: string | null;
                        finished_at: string | null;
                        id: number;
                        positions_changed: number | null;
                        /** @description Per cent of the beta’s testers read (as a bulk action’s progress) */
                        progress: number;
                        requested_by: {
                            api_key_id: number | null;
                            member_id: number | null;
                        };
                        /** @description Once completed: what each rule would have done; empty before */
                        rules: {
                            /** @description The first few testers of each outcome */
                            examples: {
                                email: string;
                                /** @enum {unknown} */
                                outcome: "flagged" | "held" | "refused";
                                /** @description Why, in words */
                                reason: string;
                                tester_id: number;
                            }[];
                            /** @description Testers the flag would mark without a referral to hold */
                            flagged: number;
                            /** @description Referrals the flag would hold for review */
                            held: number;
                            /** @description Signups the rule would refuse (the first rule to refuse each counts it) */
                            refused: number;
                            /**
                             * @description A setting that refuses signups, or a fraud flag
                             * @enum {unknown}
                             */
                            rule: "signup_countries" | "max_signups_per_subnet_per_hour" | "blocked_email_domains" | "block_disposable_email_domains" | "blocked_ips" | "max_signups_per_ip_per_day" | "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                        }[];
                        /** @description The settings tried: those proposed, and the beta’s own for the rest */
                        settings: {
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                        };
                        /** @enum {unknown} */
                        status: "running" | "completed" | "failed";
                        /** @description Testers checked as signups so far (imported testers never were, and are not) */
                        testers_checked: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createFriendInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The fields, wrapped (or send them unwrapped) */
                    friend_invitation?: {
                        /** @description Personal message for the invitation e-mail */
                        message?: string;
                        recipient_email?: string;
                        /** @description An existing tester of the beta */
                        sender_email?: string;
                    };
                    /** @description Personal message for the invitation e-mail */
                    message?: string;
                    recipient_email?: string;
                    /** @description An existing tester of the beta */
                    sender_email?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        id: number;
                        invitee: {
                            applied_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            created_at: string;
                            email: string;
                            /** @description Extension: fraud signals that explain themselves */
                            fraud: {
                                /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                                flags: {
                                    /** @enum {unknown} */
                                    name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                                    /** @description One line saying why */
                                    reason: string;
                                }[];
                                referral: ("pending" | "held" | "credited" | "reversed") | null;
                                referral_accepted_at: string | null;
                                signup_ip: string | null;
                                signup_user_agent: string | null;
                            };
                            friend_invitations_count: number;
                            friend_invitations_remaining: number;
                            /** @description Comma-separated group names */
                            groups: string;
                            id: number;
                            imported_at: string | null;
                            /** @description Empty string when no code was generated */
                            invitation_code: string;
                            invited_at: string | null;
                            joined_at: string | null;
                            leaderboard_name: string | null;
                            /** @description Extension: the tester's points (revoked points left out); in list testers with include=points only */
                            points?: number;
                            /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
                            priority: number;
                            /** @description Profile fields, null when unset */
                            profile: {
                                address_line1: string | null;
                                address_line2: string | null;
                                age: string | null;
                                browser_name: string | null;
                                browser_version: string | null;
                                city: string | null;
                                country: string | null;
                                custom_var1: string | null;
                                custom_var2: string | null;
                                custom_var3: string | null;
                                employer: string | null;
                                facebook_username: string | null;
                                first_name: string | null;
                                gender: string | null;
                                http_referrer: string | null;
                                ip: string | null;
                                jobtitle: string | null;
                                last_name: string | null;
                                linkedin_username: string | null;
                                locale: string | null;
                                os_name: string | null;
                                os_version: string | null;
                                postal_code: string | null;
                                state: string | null;
                                telephone: string | null;
                                twitter_username: string | null;
                                utm_campaign: string | null;
                                utm_content: string | null;
                                utm_medium: string | null;
                                utm_source: string | null;
                                utm_term: string | null;
                            };
                            referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
                            referral_code: string;
                            referred_by: string | null;
                            share_clicks_count: number;
                            share_link: string;
                            share_signups_count: number;
                            share_status_link: string;
                            /** @enum {unknown} */
                            status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                            unsubscribed_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            updated_at: string;
                            /** @description Extension: a second, unguessable identifier */
                            uuid: string;
                        };
                        inviter: {
                            applied_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            created_at: string;
                            email: string;
                            /** @description Extension: fraud signals that explain themselves */
                            fraud: {
                                /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                                flags: {
                                    /** @enum {unknown} */
                                    name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                                    /** @description One line saying why */
                                    reason: string;
                                }[];
                                referral: ("pending" | "held" | "credited" | "reversed") | null;
                                referral_accepted_at: string | null;
                                signup_ip: string | null;
                                signup_user_agent: string | null;
                            };
                            friend_invitations_count: number;
                            friend_invitations_remaining: number;
                            /** @description Comma-separated group names */
                            groups: string;
                            id: number;
                            imported_at: string | null;
                            /** @description Empty string when no code was generated */
                            invitation_code: string;
                            invited_at: string | null;
                            joined_at: string | null;
                            leaderboard_name: string | null;
                            /** @description Extension: the tester's points (revoked points left out); in list testers with include=points only */
                            points?: number;
                            /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
                            priority: number;
                            /** @description Profile fields, null when unset */
                            profile: {
                                address_line1: string | null;
                                address_line2: string | null;
                                age: string | null;
                                browser_name: string | null;
                                browser_version: string | null;
                                city: string | null;
                                country: string | null;
                                custom_var1: string | null;
                                custom_var2: string | null;
                                custom_var3: string | null;
                                employer: string | null;
                                facebook_username: string | null;
                                first_name: string | null;
                                gender: string | null;
                                http_referrer: string | null;
                                ip: string | null;
                                jobtitle: string | null;
                                last_name: string | null;
                                linkedin_username: string | null;
                                locale: string | null;
                                os_name: string | null;
                                os_version: string | null;
                                postal_code: string | null;
                                state: string | null;
                                telephone: string | null;
                                twitter_username: string | null;
                                utm_campaign: string | null;
                                utm_content: string | null;
                                utm_medium: string | null;
                                utm_source: string | null;
                                utm_term: string | null;
                            };
                            referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
                            referral_code: string;
                            referred_by: string | null;
                            share_clicks_count: number;
                            share_link: string;
                            share_signups_count: number;
                            share_status_link: string;
                            /** @enum {unknown} */
                            status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                            unsubscribed_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            updated_at: string;
                            /** @description Extension: a second, unguessable identifier */
                            uuid: string;
                        };
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listImports: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-7"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createImport: {
        parameters: {
            query: {
                /** @description Check the file and report, storing no tester */
                dry_run: boolean | string | number;
                /** @description JSON object: a column of the file → the tester field it fills (email, first_name, profile.city, responses.12, …), or null to ignore it */
                mapping?: string;
                /** @description The columns of another service's export: prefinery, growsurf, viralloops, kickofflabs, waitlister, getwaitlist */
                preset?: string;
                /** @description Send each imported tester the e-mail of their status (none by default) */
                send_emails: boolean | string | number;
            };
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The CSV file */
                    file?: unknown;
                };
                "text/csv": unknown;
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        /** @description A dry run checks every line and stores nothing but this report */
                        dry_run: boolean;
                        /** @description The first 100 rejected lines and why; errors_count counts them all */
                        errors: {
                            /** @description Line of the file (the header is line 1, or the line after the # comment lines above it; a quoted field holding newlines spans several) */
                            line: number;
                            message: string;
                        }[];
                        errors_count: number;
                        failure: string | null;
                        finished_at: string | null;
                        id: number;
                        /** @description Testers given the referrer their line names (or, in a dry run, that would be) */
                        referrals_linked: number;
                        /** @description Lines imported (or, in a dry run, that would be) */
                        rows_accepted: number;
                        /** @description Lines skipped because their address is earlier in the file or in the beta already */
                        rows_duplicate: number;
                        /** @description Lines refused, each listed in errors (the first 100) */
                        rows_rejected: number;
                        /** @description Lines of testers read so far (the header not counted) */
                        rows_total: number;
                        /** @description Whether each imported tester is sent the e-mail of their status */
                        send_emails: boolean;
                        /** @enum {unknown} */
                        status: "queued" | "running" | "completed" | "failed";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description The first 100 notes on lines imported or skipped: duplicates, referrers not found, columns not imported (line 1) */
                        warnings: {
                            /** @description Line of the file (the header is line 1, or the line after the # comment lines above it; a quoted field holding newlines spans several) */
                            line: number;
                            message: string;
                        }[];
                        warnings_count: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Import id */
                import_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        /** @description A dry run checks every line and stores nothing but this report */
                        dry_run: boolean;
                        /** @description The first 100 rejected lines and why; errors_count counts them all */
                        errors: {
                            /** @description Line of the file (the header is line 1, or the line after the # comment lines above it; a quoted field holding newlines spans several) */
                            line: number;
                            message: string;
                        }[];
                        errors_count: number;
                        failure: string | null;
                        finished_at: string | null;
                        id: number;
                        /** @description Testers given the referrer their line names (or, in a dry run, that would be) */
                        referrals_linked: number;
                        /** @description Lines imported (or, in a dry run, that would be) */
                        rows_accepted: number;
                        /** @description Lines skipped because their address is earlier in the file or in the beta already */
                        rows_duplicate: number;
                        /** @description Lines refused, each listed in errors (the first 100) */
                        rows_rejected: number;
                        /** @description Lines of testers read so far (the header not counted) */
                        rows_total: number;
                        /** @description Whether each imported tester is sent the e-mail of their status */
                        send_emails: boolean;
                        /** @enum {unknown} */
                        status: "queued" | "running" | "completed" | "failed";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description The first 100 notes on lines imported or skipped: duplicates, referrers not found, columns not imported (line 1) */
                        warnings: {
                            /** @description Line of the file (the header is line 1, or the line after the # comment lines above it; a quoted field holding newlines spans several) */
                            line: number;
                            message: string;
                        }[];
                        warnings_count: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listInvitationCodes: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-3"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createInvitationCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Letters, digits, _ and -; unique in the beta, ignoring case */
                    code?: string;
                    /**
                     * Format: date-time
                     * @description When the code stops working (ISO 8601 with time zone)
                     */
                    expires_at?: string;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    invitation_code?: {
                        /** @description Letters, digits, _ and -; unique in the beta, ignoring case */
                        code?: string;
                        /**
                         * Format: date-time
                         * @description When the code stops working (ISO 8601 with time zone)
                         */
                        expires_at?: string;
                        /** @description How many signups may use the code */
                        max_uses?: number;
                    };
                    /** @description How many signups may use the code */
                    max_uses?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        expires_at: string | null;
                        id: number;
                        max_uses: number | null;
                        uses: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteInvitationCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Invitation code id */
                code_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        expires_at: string | null;
                        id: number;
                        max_uses: number | null;
                        uses: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    updateInvitationCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Invitation code id */
                code_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expires_at?: string | null;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    invitation_code?: {
                        expires_at?: string | null;
                        max_uses?: number | null;
                    };
                    max_uses?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        expires_at: string | null;
                        id: number;
                        max_uses: number | null;
                        uses: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listInvitationSchedules: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-9"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createInvitationSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description top: the time of day of the wave, HH:MM (24-hour) in `time_zone` */
                    at?: string;
                    /** @description top: testers each wave invites, from the top of the waitlist */
                    count?: number;
                    /**
                     * @description top: a wave every day, or every week on `weekday`
                     * @enum {unknown}
                     */
                    every?: "day" | "week";
                    /**
                     * @description Required. top: the first `count` of the waitlist every day or week at `at`; referrals: anyone reaching `threshold` credited referrals, within a minute
                     * @enum {unknown}
                     */
                    kind?: "top" | "referrals";
                    /** @description A paused schedule runs no wave; on resuming, its next wave is the next one due from then */
                    paused?: boolean;
                    /** @description top: skip the next wave only (recorded in the history as skipped); false takes the skip back */
                    skip_next?: boolean;
                    /** @description referrals: the credited referrals that get a tester invited */
                    threshold?: number;
                    /** @description top: an IANA time zone, such as Europe/Paris; waves keep their local time across daylight-saving changes */
                    time_zone?: string;
                    /**
                     * @description top, every week: the day of the wave, in the schedule's time zone (monday … sunday)
                     * @enum {unknown}
                     */
                    weekday?: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        at: string | null;
                        count: number | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        every: ("day" | "week") | null;
                        id: number;
                        /** @enum {unknown} */
                        kind: "top" | "referrals";
                        next_run_at: string | null;
                        paused: boolean;
                        skip_next: boolean;
                        threshold: number | null;
                        time_zone: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        weekday: ("monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday") | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showInvitationSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Invitation schedule id */
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        at: string | null;
                        count: number | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        every: ("day" | "week") | null;
                        id: number;
                        /** @enum {unknown} */
                        kind: "top" | "referrals";
                        next_run_at: string | null;
                        paused: boolean;
                        skip_next: boolean;
                        threshold: number | null;
                        time_zone: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        weekday: ("monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday") | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteInvitationSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Invitation schedule id */
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        at: string | null;
                        count: number | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        every: ("day" | "week") | null;
                        id: number;
                        /** @enum {unknown} */
                        kind: "top" | "referrals";
                        next_run_at: string | null;
                        paused: boolean;
                        skip_next: boolean;
                        threshold: number | null;
                        time_zone: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        weekday: ("monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday") | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    updateInvitationSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Invitation schedule id */
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description top: the time of day of the wave, HH:MM (24-hour) in `time_zone` */
                    at?: string;
                    /** @description top: testers each wave invites, from the top of the waitlist */
                    count?: number;
                    /**
                     * @description top: a wave every day, or every week on `weekday`
                     * @enum {unknown}
                     */
                    every?: "day" | "week";
                    /**
                     * @description The schedule's kind, which cannot change: leave it out or give it as it is
                     * @enum {unknown}
                     */
                    kind?: "top" | "referrals";
                    /** @description A paused schedule runs no wave; on resuming, its next wave is the next one due from then */
                    paused?: boolean;
                    /** @description top: skip the next wave only (recorded in the history as skipped); false takes the skip back */
                    skip_next?: boolean;
                    /** @description referrals: the credited referrals that get a tester invited */
                    threshold?: number;
                    /** @description top: an IANA time zone, such as Europe/Paris; waves keep their local time across daylight-saving changes */
                    time_zone?: string;
                    weekday?: ("monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday") | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        at: string | null;
                        count: number | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        every: ("day" | "week") | null;
                        id: number;
                        /** @enum {unknown} */
                        kind: "top" | "referrals";
                        next_run_at: string | null;
                        paused: boolean;
                        skip_next: boolean;
                        threshold: number | null;
                        time_zone: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        weekday: ("monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday") | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    previewInvitationWave: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Invitation schedule id */
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        action: "invite" | "set_status" | "add_to_group" | "remove_from_group" | "delete";
                        /**
                         * Format: date-time
                         * @description When the wave would run: the next wave of a top schedule, the next sweep of a referral one
                         */
                        at: string;
                        /** @description Testers that would change: their status, their groups, or deleted */
                        changes: number;
                        /** @description E-mails that would be sent: the status's message is switched on, for testers whose address is not suppressed or unsubscribed */
                        emails: number;
                        /** @description The first 25 testers selected: in waitlist order for a top selection, by id for a filter's */
                        first_testers: {
                            id: number;
                            /** @description The address masked as the public pages mask it (j***@e***.com): a preview is often shown or shared */
                            masked_email: string;
                            name: string | null;
                            position: number | null;
                        }[];
                        /** @description The group added or taken out (add_to_group, remove_from_group only) */
                        group?: string;
                        /** @description Referrals credited because the tester joins the campaign; each may also earn its referrer points and rewards (their own events) */
                        referral_credits: number;
                        /** @description Testers selected that would be left as they are: already in the status (or the group, or out of it), or a move the status rules do not permit */
                        skipped: number;
                        status: ("applied" | "invited" | "rejected" | "suspended" | "unsuspended" | "active") | null;
                        /** @description Messages recorded as suppressed instead of sent */
                        suppressed_emails: number;
                        /** @description Testers selected */
                        testers: number;
                        /** @description Deliveries of tester_updated events (tester_deleted for a deletion) to the enabled endpoints subscribed to them: one per changed tester and per referrer credited */
                        webhook_deliveries: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listInvitationWaves: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Invitation schedule id */
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-10"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    simulateInvitationSchedules: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Invite this many from the top at once, first */
                    now?: number;
                    /** @description Schedules as created (paused ones run no wave; skip_next skips the first); none by default */
                    schedules?: {
                        /** @description top: the time of day of the wave, HH:MM (24-hour) in `time_zone` */
                        at?: string;
                        /** @description top: testers each wave invites, from the top of the waitlist */
                        count?: number;
                        /**
                         * @description top: a wave every day, or every week on `weekday`
                         * @enum {unknown}
                         */
                        every?: "day" | "week";
                        /**
                         * @description Required. top: the first `count` of the waitlist every day or week at `at`; referrals: anyone reaching `threshold` credited referrals, within a minute
                         * @enum {unknown}
                         */
                        kind?: "top" | "referrals";
                        /** @description A paused schedule runs no wave; on resuming, its next wave is the next one due from then */
                        paused?: boolean;
                        /** @description top: skip the next wave only (recorded in the history as skipped); false takes the skip back */
                        skip_next?: boolean;
                        /** @description referrals: the credited referrals that get a tester invited */
                        threshold?: number;
                        /** @description top: an IANA time zone, such as Europe/Paris; waves keep their local time across daylight-saving changes */
                        time_zone?: string;
                        /**
                         * @description top, every week: the day of the wave, in the schedule's time zone (monday … sunday)
                         * @enum {unknown}
                         */
                        weekday?: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        last_invited_at: string | null;
                        /** @description Testers on the waitlist now: the list the plan is computed over */
                        waitlist_length: number;
                        waves: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            at: string;
                            invited: number;
                            /** @description Everyone at this position of today's waitlist or before it is invited after this wave */
                            through_position: number;
                        }[];
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showLeaderboard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The beta's leaderboard_enabled: whether visitors see it */
                        enabled: boolean;
                        /** @description The board visitors see, in waitlist order, with who each entry is */
                        entries: {
                            email: string;
                            leaderboard_name: string | null;
                            /** @description What visitors see: leaderboard_name, else the masked address */
                            name: string;
                            points: number;
                            rank: number;
                            referrals: number;
                            tester_id: number;
                            waitlist_position: number;
                        }[];
                        /** @description The beta's leaderboard_size */
                        size: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    browseOutbox: {
        parameters: {
            query?: {
                /** @description Only messages older than this one: the `older` of the page before */
                before?: number;
                /** @description Exact match on the recipient (case-insensitive) */
                email?: string;
                /** @description Messages on the page */
                limit?: number;
                occasion?: "invitation" | "friend_invitation" | "confirmation" | "applied" | "active" | "rejected" | "suspended" | "unsuspended" | "already_signed_up" | "position_changed";
                status?: "queued" | "sent" | "captured" | "suppressed" | "failed";
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first, without their bodies */
                        messages: components["schemas"]["def-21"][];
                        older: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    uploadHero: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "image/jpeg": unknown;
                "image/png": unknown;
                "image/svg+xml": unknown;
                "image/webp": unknown;
                "multipart/form-data": {
                    /** @description The image */
                    file?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_testers_count: number;
                        applied_testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        homepage_url: string;
                        id: number;
                        imported_testers_count: number;
                        impressions_count: number;
                        invited_testers_count: number;
                        name: string;
                        /** @description Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed) */
                        page: {
                            background_color: string | null;
                            brand_color: string | null;
                            button_text: string | null;
                            description: string | null;
                            headline: string | null;
                            hero_url: string | null;
                            logo_url: string | null;
                            share_message: string | null;
                            /** @description The signup page says how many people are waiting ("Join 12,408 people waiting") */
                            show_waiting_count: boolean;
                            thank_you_headline: string | null;
                            thank_you_text: string | null;
                        };
                        rejected_testers_count: number;
                        /** @description Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan */
                        sandbox: boolean;
                        sandbox_of: number | null;
                        /** @description Extension: how the campaign behaves */
                        settings: {
                            /** @description New testers may sign up (2316 otherwise) */
                            accepting_signups: boolean;
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            decoder_key: string;
                            /** @description Signups confirm their e-mail address before they are applied */
                            double_opt_in: boolean;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window: number;
                            email_sends_per_minute: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed: number;
                            idle_days: number | null;
                            invite_a_friend_enabled: boolean;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size: number;
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes: number;
                            referral_points: number;
                            referral_url: string | null;
                            required_fields: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                            signup_points: number;
                            vanity_referral_codes: boolean;
                            /** @enum {unknown} */
                            waitlist_order: "referrals" | "signup_time" | "points";
                        };
                        share_clicks_count: number;
                        share_signups_count: number;
                        slug: string | null;
                        testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The bytes are not a PNG, JPEG, WebP or SVG image, or not the type declared (1415) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteHero: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_testers_count: number;
                        applied_testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        homepage_url: string;
                        id: number;
                        imported_testers_count: number;
                        impressions_count: number;
                        invited_testers_count: number;
                        name: string;
                        /** @description Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed) */
                        page: {
                            background_color: string | null;
                            brand_color: string | null;
                            button_text: string | null;
                            description: string | null;
                            headline: string | null;
                            hero_url: string | null;
                            logo_url: string | null;
                            share_message: string | null;
                            /** @description The signup page says how many people are waiting ("Join 12,408 people waiting") */
                            show_waiting_count: boolean;
                            thank_you_headline: string | null;
                            thank_you_text: string | null;
                        };
                        rejected_testers_count: number;
                        /** @description Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan */
                        sandbox: boolean;
                        sandbox_of: number | null;
                        /** @description Extension: how the campaign behaves */
                        settings: {
                            /** @description New testers may sign up (2316 otherwise) */
                            accepting_signups: boolean;
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            decoder_key: string;
                            /** @description Signups confirm their e-mail address before they are applied */
                            double_opt_in: boolean;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window: number;
                            email_sends_per_minute: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed: number;
                            idle_days: number | null;
                            invite_a_friend_enabled: boolean;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size: number;
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes: number;
                            referral_points: number;
                            referral_url: string | null;
                            required_fields: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                            signup_points: number;
                            vanity_referral_codes: boolean;
                            /** @enum {unknown} */
                            waitlist_order: "referrals" | "signup_time" | "points";
                        };
                        share_clicks_count: number;
                        share_signups_count: number;
                        slug: string | null;
                        testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    uploadLogo: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "image/jpeg": unknown;
                "image/png": unknown;
                "image/svg+xml": unknown;
                "image/webp": unknown;
                "multipart/form-data": {
                    /** @description The image */
                    file?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_testers_count: number;
                        applied_testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        homepage_url: string;
                        id: number;
                        imported_testers_count: number;
                        impressions_count: number;
                        invited_testers_count: number;
                        name: string;
                        /** @description Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed) */
                        page: {
                            background_color: string | null;
                            brand_color: string | null;
                            button_text: string | null;
                            description: string | null;
                            headline: string | null;
                            hero_url: string | null;
                            logo_url: string | null;
                            share_message: string | null;
                            /** @description The signup page says how many people are waiting ("Join 12,408 people waiting") */
                            show_waiting_count: boolean;
                            thank_you_headline: string | null;
                            thank_you_text: string | null;
                        };
                        rejected_testers_count: number;
                        /** @description Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan */
                        sandbox: boolean;
                        sandbox_of: number | null;
                        /** @description Extension: how the campaign behaves */
                        settings: {
                            /** @description New testers may sign up (2316 otherwise) */
                            accepting_signups: boolean;
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            decoder_key: string;
                            /** @description Signups confirm their e-mail address before they are applied */
                            double_opt_in: boolean;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window: number;
                            email_sends_per_minute: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed: number;
                            idle_days: number | null;
                            invite_a_friend_enabled: boolean;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size: number;
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes: number;
                            referral_points: number;
                            referral_url: string | null;
                            required_fields: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                            signup_points: number;
                            vanity_referral_codes: boolean;
                            /** @enum {unknown} */
                            waitlist_order: "referrals" | "signup_time" | "points";
                        };
                        share_clicks_count: number;
                        share_signups_count: number;
                        slug: string | null;
                        testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The bytes are not a PNG, JPEG, WebP or SVG image, or not the type declared (1415) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteLogo: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_testers_count: number;
                        applied_testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        homepage_url: string;
                        id: number;
                        imported_testers_count: number;
                        impressions_count: number;
                        invited_testers_count: number;
                        name: string;
                        /** @description Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed) */
                        page: {
                            background_color: string | null;
                            brand_color: string | null;
                            button_text: string | null;
                            description: string | null;
                            headline: string | null;
                            hero_url: string | null;
                            logo_url: string | null;
                            share_message: string | null;
                            /** @description The signup page says how many people are waiting ("Join 12,408 people waiting") */
                            show_waiting_count: boolean;
                            thank_you_headline: string | null;
                            thank_you_text: string | null;
                        };
                        rejected_testers_count: number;
                        /** @description Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan */
                        sandbox: boolean;
                        sandbox_of: number | null;
                        /** @description Extension: how the campaign behaves */
                        settings: {
                            /** @description New testers may sign up (2316 otherwise) */
                            accepting_signups: boolean;
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            decoder_key: string;
                            /** @description Signups confirm their e-mail address before they are applied */
                            double_opt_in: boolean;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window: number;
                            email_sends_per_minute: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed: number;
                            idle_days: number | null;
                            invite_a_friend_enabled: boolean;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size: number;
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes: number;
                            referral_points: number;
                            referral_url: string | null;
                            required_fields: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                            signup_points: number;
                            vanity_referral_codes: boolean;
                            /** @enum {unknown} */
                            waitlist_order: "referrals" | "signup_time" | "points";
                        };
                        share_clicks_count: number;
                        share_signups_count: number;
                        slug: string | null;
                        testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    previewPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    background_color?: string | null;
                    brand_color?: string | null;
                    button_text?: string | null;
                    description?: string | null;
                    headline?: string | null;
                    share_message?: string | null;
                    show_waiting_count?: boolean | string | number;
                    thank_you_headline?: string | null;
                    thank_you_text?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The whole page; its stylesheets and images are paths on this service */
                        html: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listPoints: {
        parameters: {
            query?: {
                /** @description Only the points of the tester with this e-mail address */
                email?: string;
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-14"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createPoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description E-mail address of the tester receiving the points (required) */
                    email?: string;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    point?: {
                        /** @description E-mail address of the tester receiving the points (required) */
                        email?: string;
                        /** @description Points to award (required): a non-zero integer; negative deducts */
                        quantity?: number;
                        /** @description Shown on the tester's profile page */
                        reason?: string;
                    };
                    /** @description Points to award (required): a non-zero integer; negative deducts */
                    quantity?: number;
                    /** @description Shown on the tester's profile page */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        id: number;
                        /** @description Points issued; negative for a deduction */
                        quantity: number;
                        reason: string | null;
                        /** @description The tester who received the points */
                        user_id: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    revokePoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Point id */
                point_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        activity: "bonus" | "signup" | "share" | "referral" | "reward" | "friend_reward";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        id: number;
                        /** @description Points issued; negative for a deduction */
                        quantity: number;
                        reason: string | null;
                        /** @description Extension: when the point was revoked (it no longer counts); null while it counts */
                        revoked_at: string | null;
                        /** @description The tester who received the points */
                        user_id: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listQuestions: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-2"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createQuestion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Required for multiple_choice, multiple_select and scale; empty or absent for text and agreement */
                    choices?: string[];
                    /** @description Extension: the id to give the new row, such as the one it had in the service you move from; taken ids are refused. Absent: a new id */
                    id?: number | string;
                    /**
                     * @description text, multiple_choice, multiple_select, scale or agreement
                     * @enum {unknown}
                     */
                    kind?: "text" | "multiple_choice" | "multiple_select" | "scale" | "agreement";
                    prompt?: string;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    question?: {
                        /** @description Required for multiple_choice, multiple_select and scale; empty or absent for text and agreement */
                        choices?: string[];
                        /** @description Extension: the id to give the new row, such as the one it had in the service you move from; taken ids are refused. Absent: a new id */
                        id?: number | string;
                        /**
                         * @description text, multiple_choice, multiple_select, scale or agreement
                         * @enum {unknown}
                         */
                        kind?: "text" | "multiple_choice" | "multiple_select" | "scale" | "agreement";
                        prompt?: string;
                        /** @description The question must be answered (agreement: answered 1). Default false */
                        required?: boolean | string | number;
                    };
                    /** @description The question must be answered (agreement: answered 1). Default false */
                    required?: boolean | string | number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Options, answered by zero-based index; empty for text and agreement */
                        choices: string[];
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        id: number;
                        /** @enum {unknown} */
                        kind: "text" | "multiple_choice" | "multiple_select" | "scale" | "agreement";
                        prompt: string;
                        required: boolean;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteQuestion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Question id */
                question_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Options, answered by zero-based index; empty for text and agreement */
                        choices: string[];
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        id: number;
                        /** @enum {unknown} */
                        kind: "text" | "multiple_choice" | "multiple_select" | "scale" | "agreement";
                        prompt: string;
                        required: boolean;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    updateQuestion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Question id */
                question_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Required for multiple_choice, multiple_select and scale; empty or absent for text and agreement */
                    choices?: string[];
                    /**
                     * @description text, multiple_choice, multiple_select, scale or agreement
                     * @enum {unknown}
                     */
                    kind?: "text" | "multiple_choice" | "multiple_select" | "scale" | "agreement";
                    prompt?: string;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    question?: {
                        /** @description Required for multiple_choice, multiple_select and scale; empty or absent for text and agreement */
                        choices?: string[];
                        /**
                         * @description text, multiple_choice, multiple_select, scale or agreement
                         * @enum {unknown}
                         */
                        kind?: "text" | "multiple_choice" | "multiple_select" | "scale" | "agreement";
                        prompt?: string;
                        /** @description The question must be answered (agreement: answered 1). Default false */
                        required?: boolean | string | number;
                    };
                    /** @description The question must be answered (agreement: answered 1). Default false */
                    required?: boolean | string | number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Options, answered by zero-based index; empty for text and agreement */
                        choices: string[];
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        id: number;
                        /** @enum {unknown} */
                        kind: "text" | "multiple_choice" | "multiple_select" | "scale" | "agreement";
                        prompt: string;
                        required: boolean;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listRewardDefinitions: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-16"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createRewardDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Required on create; unique in the beta */
                    descriptor?: string;
                    friend_name?: string | null;
                    /** @description Default 1 */
                    max_quantity_per_user?: number;
                    /** @description Required on create */
                    name?: string;
                    /** @description Points granted with each reward; default 0 */
                    points?: number;
                    referrals_required?: number | null;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    reward_definition?: {
                        /** @description Required on create; unique in the beta */
                        descriptor?: string;
                        friend_name?: string | null;
                        /** @description Default 1 */
                        max_quantity_per_user?: number;
                        /** @description Required on create */
                        name?: string;
                        /** @description Points granted with each reward; default 0 */
                        points?: number;
                        referrals_required?: number | null;
                        /**
                         * @description SingleSided, DoubleSided or Milestone; required on create
                         * @enum {unknown}
                         */
                        type?: "SingleSided" | "DoubleSided" | "Milestone";
                    };
                    /**
                     * @description SingleSided, DoubleSided or Milestone; required on create
                     * @enum {unknown}
                     */
                    type?: "SingleSided" | "DoubleSided" | "Milestone";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        /** @description Identifies the reward; unique in the beta, not for display */
                        descriptor: string;
                        friend_name: string | null;
                        id: number;
                        /** @description Most rewards of this definition a user holds (revoked ones do not count) */
                        max_quantity_per_user: number;
                        /** @description Displayable description */
                        name: string;
                        /** @description Points granted with each reward */
                        points: number;
                        referrals_required: number | null;
                        /** @enum {unknown} */
                        type: "SingleSided" | "DoubleSided" | "Milestone";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteRewardDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Reward definition id */
                definition_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        /** @description Identifies the reward; unique in the beta, not for display */
                        descriptor: string;
                        friend_name: string | null;
                        id: number;
                        /** @description Most rewards of this definition a user holds (revoked ones do not count) */
                        max_quantity_per_user: number;
                        /** @description Displayable description */
                        name: string;
                        /** @description Points granted with each reward */
                        points: number;
                        referrals_required: number | null;
                        /** @enum {unknown} */
                        type: "SingleSided" | "DoubleSided" | "Milestone";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    updateRewardDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Reward definition id */
                definition_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Required on create; unique in the beta */
                    descriptor?: string;
                    friend_name?: string | null;
                    /** @description Default 1 */
                    max_quantity_per_user?: number;
                    /** @description Required on create */
                    name?: string;
                    /** @description Points granted with each reward; default 0 */
                    points?: number;
                    referrals_required?: number | null;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    reward_definition?: {
                        /** @description Required on create; unique in the beta */
                        descriptor?: string;
                        friend_name?: string | null;
                        /** @description Default 1 */
                        max_quantity_per_user?: number;
                        /** @description Required on create */
                        name?: string;
                        /** @description Points granted with each reward; default 0 */
                        points?: number;
                        referrals_required?: number | null;
                        /**
                         * @description SingleSided, DoubleSided or Milestone; required on create
                         * @enum {unknown}
                         */
                        type?: "SingleSided" | "DoubleSided" | "Milestone";
                    };
                    /**
                     * @description SingleSided, DoubleSided or Milestone; required on create
                     * @enum {unknown}
                     */
                    type?: "SingleSided" | "DoubleSided" | "Milestone";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        /** @description Identifies the reward; unique in the beta, not for display */
                        descriptor: string;
                        friend_name: string | null;
                        id: number;
                        /** @description Most rewards of this definition a user holds (revoked ones do not count) */
                        max_quantity_per_user: number;
                        /** @description Displayable description */
                        name: string;
                        /** @description Points granted with each reward */
                        points: number;
                        referrals_required: number | null;
                        /** @enum {unknown} */
                        type: "SingleSided" | "DoubleSided" | "Milestone";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listRewardRules: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-17"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createRewardRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A SingleSided or DoubleSided definition of the beta */
                    descriptor?: string;
                    /** @description A custom event name, or signup (fires when a referral is credited) */
                    event?: string;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    reward_rule?: {
                        /** @description A SingleSided or DoubleSided definition of the beta */
                        descriptor?: string;
                        /** @description A custom event name, or signup (fires when a referral is credited) */
                        event?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        definition_id: number;
                        /** @description The reward definition the event issues */
                        descriptor: string;
                        /** @description A custom event name, or the reserved signup */
                        event: string;
                        id: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteRewardRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Reward rule id */
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        definition_id: number;
                        /** @description The reward definition the event issues */
                        descriptor: string;
                        /** @description A custom event name, or the reserved signup */
                        event: string;
                        id: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listRewards: {
        parameters: {
            query?: {
                /** @description Rewards earned by the user with this e-mail address */
                email?: string;
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
                /** @description earned, delivered or revoked */
                status?: "earned" | "delivered" | "revoked";
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-6"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createReward: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Descriptor of one of the beta's reward definitions (required; at most 100 characters) */
                    descriptor?: string;
                    /** @description E-mail address of the user (required) */
                    email?: string;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    reward?: {
                        /** @description Descriptor of one of the beta's reward definitions (required; at most 100 characters) */
                        descriptor?: string;
                        /** @description E-mail address of the user (required) */
                        email?: string;
                        /** @description Issue even when the user holds the maximum quantity already. Default false */
                        skip_quantity_check?: boolean | string | number;
                    };
                    /** @description Issue even when the user holds the maximum quantity already. Default false */
                    skip_quantity_check?: boolean | string | number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivered_at: string | null;
                        /** @description Identifies which reward was issued; not for display */
                        descriptor: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        earned_at: string;
                        /** @description Unique identifier of the issued reward */
                        id: number;
                        /** @description Displayable description */
                        name: string;
                        revoked_at: string | null;
                        /** @enum {unknown} */
                        status: "earned" | "delivered" | "revoked";
                        /** @enum {unknown} */
                        type: "SingleSided" | "DoubleSided" | "Milestone";
                        /** @description User who earned the reward */
                        user_id: number;
                        /**
                         * @description For a DoubleSided reward, whether the referrer or the referred friend earned it; always referrer otherwise
                         * @enum {unknown}
                         */
                        user_role: "referrer" | "friend";
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showReward: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Reward id */
                reward_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivered_at: string | null;
                        /** @description Identifies which reward was issued; not for display */
                        descriptor: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        earned_at: string;
                        /** @description Unique identifier of the issued reward */
                        id: number;
                        /** @description Displayable description */
                        name: string;
                        revoked_at: string | null;
                        /** @enum {unknown} */
                        status: "earned" | "delivered" | "revoked";
                        /** @enum {unknown} */
                        type: "SingleSided" | "DoubleSided" | "Milestone";
                        /** @description User who earned the reward */
                        user_id: number;
                        /**
                         * @description For a DoubleSided reward, whether the referrer or the referred friend earned it; always referrer otherwise
                         * @enum {unknown}
                         */
                        user_role: "referrer" | "friend";
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    updateReward: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Reward id */
                reward_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The fields, wrapped (or send them unwrapped) */
                    reward?: {
                        /** @description delivered or revoked */
                        status?: string;
                    };
                    /** @description delivered or revoked */
                    status?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivered_at: string | null;
                        /** @description Identifies which reward was issued; not for display */
                        descriptor: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        earned_at: string;
                        /** @description Unique identifier of the issued reward */
                        id: number;
                        /** @description Displayable description */
                        name: string;
                        revoked_at: string | null;
                        /** @enum {unknown} */
                        status: "earned" | "delivered" | "revoked";
                        /** @enum {unknown} */
                        type: "SingleSided" | "DoubleSided" | "Milestone";
                        /** @description User who earned the reward */
                        user_id: number;
                        /**
                         * @description For a DoubleSided reward, whether the referrer or the referred friend earned it; always referrer otherwise
                         * @enum {unknown}
                         */
                        user_role: "referrer" | "friend";
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    triggerRewards: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description E-mail address of the user who performed the event (required) */
                    email?: string;
                    /** @description Custom event name (required; at most 100 characters) */
                    event?: string;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    reward?: {
                        /** @description E-mail address of the user who performed the event (required) */
                        email?: string;
                        /** @description Custom event name (required; at most 100 characters) */
                        event?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-6"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    openSandbox: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_testers_count: number;
                        applied_testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        homepage_url: string;
                        id: number;
                        imported_testers_count: number;
                        impressions_count: number;
                        invited_testers_count: number;
                        name: string;
                        /** @description Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed) */
                        page: {
                            background_color: string | null;
                            brand_color: string | null;
                            button_text: string | null;
                            description: string | null;
                            headline: string | null;
                            hero_url: string | null;
                            logo_url: string | null;
                            share_message: string | null;
                            /** @description The signup page says how many people are waiting ("Join 12,408 people waiting") */
                            show_waiting_count: boolean;
                            thank_you_headline: string | null;
                            thank_you_text: string | null;
                        };
                        rejected_testers_count: number;
                        /** @description Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan */
                        sandbox: boolean;
                        sandbox_of: number | null;
                        /** @description Extension: how the campaign behaves */
                        settings: {
                            /** @description New testers may sign up (2316 otherwise) */
                            accepting_signups: boolean;
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            decoder_key: string;
                            /** @description Signups confirm their e-mail address before they are applied */
                            double_opt_in: boolean;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window: number;
                            email_sends_per_minute: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed: number;
                            idle_days: number | null;
                            invite_a_friend_enabled: boolean;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size: number;
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes: number;
                            referral_points: number;
                            referral_url: string | null;
                            required_fields: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                            signup_points: number;
                            vanity_referral_codes: boolean;
                            /** @enum {unknown} */
                            waitlist_order: "referrals" | "signup_time" | "points";
                        };
                        share_clicks_count: number;
                        share_signups_count: number;
                        slug: string | null;
                        testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active_testers_count: number;
                        applied_testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        homepage_url: string;
                        id: number;
                        imported_testers_count: number;
                        impressions_count: number;
                        invited_testers_count: number;
                        name: string;
                        /** @description Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed) */
                        page: {
                            background_color: string | null;
                            brand_color: string | null;
                            button_text: string | null;
                            description: string | null;
                            headline: string | null;
                            hero_url: string | null;
                            logo_url: string | null;
                            share_message: string | null;
                            /** @description The signup page says how many people are waiting ("Join 12,408 people waiting") */
                            show_waiting_count: boolean;
                            thank_you_headline: string | null;
                            thank_you_text: string | null;
                        };
                        rejected_testers_count: number;
                        /** @description Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan */
                        sandbox: boolean;
                        sandbox_of: number | null;
                        /** @description Extension: how the campaign behaves */
                        settings: {
                            /** @description New testers may sign up (2316 otherwise) */
                            accepting_signups: boolean;
                            /** @description Addresses at disposable e-mail domains are refused in block mode (2319); in flag mode they are stored, flagged and queued for review, as they are without this setting */
                            block_disposable_email_domains: boolean;
                            blocked_email_domains: string[];
                            blocked_ips: string[];
                            decoder_key: string;
                            /** @description Signups confirm their e-mail address before they are applied */
                            double_opt_in: boolean;
                            /** @description Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (5 by default); an owner resumes it */
                            email_breaker_threshold_percent: number;
                            /** @description Extension: how many of the beta's most recent sends the sending breaker looks at (200 by default) */
                            email_breaker_window: number;
                            email_sends_per_minute: number | null;
                            /** @description Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (2346) and the hosted pages may be framed by these alone; empty allows any and frames none */
                            embed_origins: string[];
                            /**
                             * @description flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; block: such referrals are refused (2326), and so are those signups when the settings ask (2321, 2319)
                             * @enum {unknown}
                             */
                            fraud_mode: "flag" | "block";
                            /** @description Allowance of a new tester */
                            friend_invitations_allowed: number;
                            idle_days: number | null;
                            invite_a_friend_enabled: boolean;
                            /** @description Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default */
                            leaderboard_enabled: boolean;
                            /** @description Extension: how many testers the leaderboard shows, from the front of the waitlist */
                            leaderboard_size: number;
                            max_signups_per_ip_per_day: number | null;
                            max_signups_per_subnet_per_hour: number | null;
                            /** @description Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md) */
                            position_change_interval_minutes: number;
                            referral_points: number;
                            referral_url: string | null;
                            required_fields: ("name" | "employer" | "jobtitle" | "address" | "country")[];
                            share_points: number;
                            /**
                             * @description Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (2340–2343 otherwise); API creates are never challenged
                             * @enum {unknown}
                             */
                            signup_challenge: "off" | "proof_of_work";
                            /** @description Extension: the challenge's maximum number: the counter a visitor's browser searches up to (50,000 by default) */
                            signup_challenge_difficulty: number;
                            /** @description Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (2345) */
                            signup_countries_allowed: string[];
                            /** @description Extension: ISO 3166-1 alpha-2 codes public signups are refused from (2345) */
                            signup_countries_blocked: string[];
                            signup_points: number;
                            vanity_referral_codes: boolean;
                            /** @enum {unknown} */
                            waitlist_order: "referrals" | "signup_time" | "points";
                        };
                        share_clicks_count: number;
                        share_signups_count: number;
                        slug: string | null;
                        testers_count: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showBetaStats: {
        parameters: {
            query?: {
                /** @description true: top_referrers leaves out rejected testers and those with fraud flags not approved; false (default): they are listed, marked */
                exclude_flagged_referrers?: "true" | "false";
                /**
                 * @description First day of the range (UTC, YYYY-MM-DD); default 29 days before to
                 * @example 2026-01-31
                 */
                from?: string;
                /**
                 * @description Last day of the range, included (UTC, YYYY-MM-DD); default today
                 * @example 2026-01-31
                 */
                to?: string;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How the beta's launch is going */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        beta_id: number;
                        /** @description Every share channel, in this order, in the beta's whole life: a share button's link carries its channel (?ch=), any other tag counts as other; clicks and signups through an untagged link are in no channel */
                        channels: {
                            /** @description Of those signups, the testers ever active (joined_at set: checked in at least once) */
                            active: number;
                            /** @enum {unknown} */
                            channel: "x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other";
                            /** @description Clicks on share links tagged with the channel (counted as share_clicks_count is) */
                            clicks: number;
                            /** @description Of those signups, the testers ever confirmed (applied_at set: confirmed their address, or applied without double opt-in) */
                            confirmed: number;
                            /** @description Of those signups, the testers ever invited (invited_at set) */
                            invited: number;
                            /** @description Testers (hidden ones aside) whose signup came through a link tagged with the channel */
                            signups: number;
                        }[];
                        /**
                         * @description A calendar date in UTC, YYYY-MM-DD
                         * @example 2026-01-31
                         */
                        from: string;
                        /** Format: date-time */
                        generated_at: string;
                        /** @description Views of the signup form in the beta's whole life */
                        impressions_count: number;
                        /** @description The live launch panel: every process counts in memory and adds its counts into the database every 5 s, so another process's last seconds may be missing; this process's are in */
                        launch: {
                            /** @description The beta's e-mail sending now */
                            emails: {
                                /** @description Whether the sending breaker has paused the beta's e-mail */
                                paused: boolean;
                                /** @description The beta's e-mails waiting to be sent (held by a pause or a cap included) */
                                queued: number;
                                /** @description E-mails of the beta sent in the last 60 seconds */
                                sent_last_minute: number;
                            };
                            /** @description The last whole minute: the figures a minute */
                            last_minute: {
                                /**
                                 * Format: date-time
                                 * @description The minute's start
                                 */
                                minute: string;
                                p99_ms: number | null;
                                /** @description Refused signups by reason */
                                refusals: {
                                    /** @description Public signups without a valid proof-of-work solution (missing, wrong, reused or expired) */
                                    challenge: number;
                                    /** @description Public signups from a country signup_countries_allowed or signup_countries_blocked refuses */
                                    country: number;
                                    /** @description Public signups refused by a fraud rule: blocked IP or e-mail domain, too many from one IP, a referral block mode refuses */
                                    fraud: number;
                                    /** @description Public signups that filled the hidden field (answered as a success, nothing stored) */
                                    honeypot: number;
                                    /** @description Public signups and share clicks from a site embed_origins does not list */
                                    origin: number;
                                    /** @description Public signups refused with 429 by the per-network signup limit */
                                    rate_limit: number;
                                    /** @description Public signups past max_signups_per_subnet_per_hour */
                                    subnet: number;
                                };
                                /** @description Answered requests naming the beta: its API routes, its hosted pages and its embed endpoints (not those answered 401 or 404) */
                                requests: number;
                                /** @description Testers created, through the API and the public pages */
                                signups: number;
                            };
                            /** @description The last 15 minutes (UTC), oldest first, every minute present; the last one is the minute in progress */
                            minutes: {
                                /**
                                 * Format: date-time
                                 * @description The minute's start
                                 */
                                minute: string;
                                p99_ms: number | null;
                                /** @description Refused signups by reason */
                                refusals: {
                                    /** @description Public signups without a valid proof-of-work solution (missing, wrong, reused or expired) */
                                    challenge: number;
                                    /** @description Public signups from a country signup_countries_allowed or signup_countries_blocked refuses */
                                    country: number;
                                    /** @description Public signups refused by a fraud rule: blocked IP or e-mail domain, too many from one IP, a referral block mode refuses */
                                    fraud: number;
                                    /** @description Public signups that filled the hidden field (answered as a success, nothing stored) */
                                    honeypot: number;
                                    /** @description Public signups and share clicks from a site embed_origins does not list */
                                    origin: number;
                                    /** @description Public signups refused with 429 by the per-network signup limit */
                                    rate_limit: number;
                                    /** @description Public signups past max_signups_per_subnet_per_hour */
                                    subnet: number;
                                };
                                /** @description Answered requests naming the beta: its API routes, its hosted pages and its embed endpoints (not those answered 401 or 404) */
                                requests: number;
                                /** @description Testers created, through the API and the public pages */
                                signups: number;
                            }[];
                        };
                        /** @description Background jobs of this beta: webhook deliveries, e-mails, imports, queued deletions */
                        outbox: {
                            /** @description Jobs due now: waiting for a worker or being run */
                            due: number;
                            oldest_due_seconds: number | null;
                            /** @description Jobs that failed every attempt */
                            parked: number;
                            /** @description Jobs waiting for a later attempt */
                            scheduled: number;
                        };
                        /** @description The funnel over today, yesterday, last_7_days (UTC days, today included, from the request's today): signups are the testers created in the period, each stage counts the testers that reached it in the period (its timestamp's day), whenever they signed up */
                        periods: {
                            last_7_days: {
                                /** @description Testers active for the first time in the period (joined_at set: checked in at least once) */
                                active: number;
                                /** @description Testers confirmed for the first time in the period (applied_at set: confirmed their address, or applied without double opt-in) */
                                confirmed: number;
                                /**
                                 * @description A calendar date in UTC, YYYY-MM-DD
                                 * @example 2026-01-31
                                 */
                                from: string;
                                /** @description Testers invited for the first time in the period (invited_at set) */
                                invited: number;
                                /** @description Of those signups, the testers with a referrer */
                                referred: number;
                                /** @description Testers created in the period (hidden ones aside) */
                                signups: number;
                                /**
                                 * @description A calendar date in UTC, YYYY-MM-DD
                                 * @example 2026-01-31
                                 */
                                to: string;
                            };
                            today: {
                                /** @description Testers active for the first time in the period (joined_at set: checked in at least once) */
                                active: number;
                                /** @description Testers confirmed for the first time in the period (applied_at set: confirmed their address, or applied without double opt-in) */
                                confirmed: number;
                                /**
                                 * @description A calendar date in UTC, YYYY-MM-DD
                                 * @example 2026-01-31
                                 */
                                from: string;
                                /** @description Testers invited for the first time in the period (invited_at set) */
                                invited: number;
                                /** @description Of those signups, the testers with a referrer */
                                referred: number;
                                /** @description Testers created in the period (hidden ones aside) */
                                signups: number;
                                /**
                                 * @description A calendar date in UTC, YYYY-MM-DD
                                 * @example 2026-01-31
                                 */
                                to: string;
                            };
                            yesterday: {
                                /** @description Testers active for the first time in the period (joined_at set: checked in at least once) */
                                active: number;
                                /** @description Testers confirmed for the first time in the period (applied_at set: confirmed their address, or applied without double opt-in) */
                                confirmed: number;
                                /**
                                 * @description A calendar date in UTC, YYYY-MM-DD
                                 * @example 2026-01-31
                                 */
                                from: string;
                                /** @description Testers invited for the first time in the period (invited_at set) */
                                invited: number;
                                /** @description Of those signups, the testers with a referrer */
                                referred: number;
                                /** @description Testers created in the period (hidden ones aside) */
                                signups: number;
                                /**
                                 * @description A calendar date in UTC, YYYY-MM-DD
                                 * @example 2026-01-31
                                 */
                                to: string;
                            };
                        };
                        /** @description Credited referrals in the beta's whole life */
                        referred_signups_count: number;
                        /** @description Clicks on share links in the beta's whole life */
                        share_clicks_count: number;
                        share_conversion: number | null;
                        /** @description Testers created in the range (hidden ones aside): referred ones have a referrer, direct ones none */
                        signups: {
                            /** @description Every day of the range, oldest first, days without a signup included */
                            days: {
                                /**
                                 * @description A calendar date in UTC, YYYY-MM-DD
                                 * @example 2026-01-31
                                 */
                                date: string;
                                direct: number;
                                referred: number;
                            }[];
                            direct: number;
                            referred: number;
                            total: number;
                        };
                        /** @description Testers by status now */
                        statuses: {
                            active: number;
                            applied: number;
                            idle: number;
                            imported: number;
                            invited: number;
                            rejected: number;
                            suspended: number;
                            unconfirmed: number;
                        };
                        testers_count: number;
                        /**
                         * @description A calendar date in UTC, YYYY-MM-DD
                         * @example 2026-01-31
                         */
                        to: string;
                        /** @description The 10 most frequent countries of the beta's testers */
                        top_countries: {
                            country: string | null;
                            testers: number;
                        }[];
                        /** @description The 10 testers with the most credited referrals, each with its status and whether it is flagged */
                        top_referrers: {
                            email: string;
                            /** @description The tester has fraud flags not approved in review (rejected, or not reviewed yet) */
                            flagged: boolean;
                            id: number;
                            name: string | null;
                            referrals: number;
                            /** @enum {unknown} */
                            status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                        }[];
                        /** @description The 10 most frequent sources (utm_source) of the beta's testers, with how far their testers went */
                        top_sources: {
                            /** @description Of the source's testers, those ever active (joined_at set: checked in at least once) */
                            active: number;
                            /** @description Of the source's testers, those ever confirmed (applied_at set: confirmed their address, or applied without double opt-in) */
                            confirmed: number;
                            /** @description Of the source's testers, those ever invited (invited_at set) */
                            invited: number;
                            source: string | null;
                            testers: number;
                        }[];
                        /** @description The funnel in the beta's whole life (form views are impressions_count): each stage's timestamp is set once, never cleared */
                        totals: {
                            /** @description Testers ever active (joined_at set: checked in at least once) */
                            active: number;
                            /** @description Testers ever confirmed (applied_at set: confirmed their address, or applied without double opt-in) */
                            confirmed: number;
                            /** @description Testers ever invited (invited_at set) */
                            invited: number;
                            /** @description Of those signups, the testers with a referrer */
                            referred: number;
                            /** @description Every visible tester (testers_count, from the rollups) */
                            signups: number;
                        };
                        /** @description Referred signups per tester (referred_signups_count / testers_count), 4 decimals */
                        viral_coefficient: number;
                        /** @description Delivery attempts to the beta's webhook endpoints in the range */
                        webhooks: {
                            deliveries: number;
                            failed: number;
                            failure_rate: number | null;
                        };
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listSuppressions: {
        parameters: {
            query?: {
                /** @description Exact match on the address (case-insensitive) */
                email?: string;
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-15"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createSuppression: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Address to suppress (required) */
                    email?: string;
                    /** @description Manual (default) or Unsubscribe */
                    reason?: string;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    suppression?: {
                        /** @description Address to suppress (required) */
                        email?: string;
                        /** @description Manual (default) or Unsubscribe */
                        reason?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Suppressed address */
                        email: string;
                        id: number;
                        /** @enum {unknown} */
                        reason: "Manual" | "Unsubscribe" | "HardBounce" | "SpamComplaint";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        suppressed_at: string;
                        user_id: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteSuppression: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Suppression id */
                suppression_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Suppressed address */
                        email: string;
                        id: number;
                        /** @enum {unknown} */
                        reason: "Manual" | "Unsubscribe" | "HardBounce" | "SpamComplaint";
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        suppressed_at: string;
                        user_id: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listTesters: {
        parameters: {
            query?: {
                custom_vars?: string;
                /** @description Extension: asc (default for position and joined) or desc (default for points and referrals) */
                direction?: "asc" | "desc";
                /** @description Legacy alias of email_contains */
                email?: string;
                email_contains?: string;
                email_is?: string;
                /** @description Extension: flagged, testers with at least one fraud flag; clear, those with none */
                fraud?: "flagged" | "clear";
                /** @description Extension: only testers in this group (one name, exact) */
                group?: string;
                /** @description Extension: only the testers of these ids, comma-separated (testers picked one by one), at most 1000; an id that is not one, or more ids, is 422 (2301). Ids of other betas' testers match nothing */
                ids?: string;
                /** @description Extension: points, to give each tester's points (a field the v2 tester has not) */
                include?: "points";
                name?: string;
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
                referral_code?: string;
                /** @description Extension: true, testers with a referrer; false, those without */
                referred?: "true" | "false";
                /** @description Extension: the direct referrals of the tester with this id (the referral tree's next level) */
                referrer_id?: string;
                /** @description Extension: position (waitlist order; testers not on the waitlist after, by id), points, referrals (share_signups_count) or joined (signup order, the id: the default). Ties by id. */
                sort?: "position" | "points" | "referrals" | "joined";
                /** @description Extension: only testers in this status */
                status?: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-4"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createTester: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tester?: {
                        email?: string;
                        groups?: string | null;
                        invitation_code?: string | null;
                        leaderboard_name?: string | null;
                        /** @description Profile fields; an empty string unsets a field */
                        profile?: {
                            address_line1?: string | null;
                            address_line2?: string | null;
                            age?: string | null;
                            browser_name?: string | null;
                            browser_version?: string | null;
                            city?: string | null;
                            country?: string | null;
                            custom_var1?: string | null;
                            custom_var2?: string | null;
                            custom_var3?: string | null;
                            employer?: string | null;
                            facebook_username?: string | null;
                            first_name?: string | null;
                            gender?: string | null;
                            http_referrer?: string | null;
                            ip?: string | null;
                            jobtitle?: string | null;
                            last_name?: string | null;
                            linkedin_username?: string | null;
                            locale?: string | null;
                            os_name?: string | null;
                            os_version?: string | null;
                            postal_code?: string | null;
                            state?: string | null;
                            telephone?: string | null;
                            twitter_username?: string | null;
                            user_agent?: string | null;
                            utm_campaign?: string | null;
                            utm_content?: string | null;
                            utm_medium?: string | null;
                            utm_source?: string | null;
                            utm_term?: string | null;
                        };
                        /** @description The referrer's id (as a number or text), referral code or e-mail */
                        referrer_id?: string | number | null;
                        /** @description Answers: {"response":[{"question_id":…,"answer":…}]} */
                        responses?: {
                            response?: {
                                answer: string | number;
                                question_id: number | string;
                            }[];
                        };
                        /** @enum {unknown} */
                        status?: "applied" | "invited" | "active" | "imported" | "unconfirmed";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        email: string;
                        /** @description Extension: fraud signals that explain themselves */
                        fraud: {
                            /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                            flags: {
                                /** @enum {unknown} */
                                name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                                /** @description One line saying why */
                                reason: string;
                            }[];
                            referral: ("pending" | "held" | "credited" | "reversed") | null;
                            referral_accepted_at: string | null;
                            signup_ip: string | null;
                            signup_user_agent: string | null;
                        };
                        friend_invitations_allowed: number;
                        friend_invitations_count: number;
                        friend_invitations_remaining: number;
                        /** @description Comma-separated group names */
                        groups: string;
                        id: number;
                        imported_at: string | null;
                        /** @description Empty string when no code was generated */
                        invitation_code: string;
                        invited_at: string | null;
                        joined_at: string | null;
                        leaderboard_name: string | null;
                        /** @description Extension: the tester's points (revoked points left out); in list testers with include=points only */
                        points?: number;
                        /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
                        priority: number;
                        /** @description Profile fields, null when unset */
                        profile: {
                            address_line1: string | null;
                            address_line2: string | null;
                            age: string | null;
                            browser_name: string | null;
                            browser_version: string | null;
                            city: string | null;
                            country: string | null;
                            custom_var1: string | null;
                            custom_var2: string | null;
                            custom_var3: string | null;
                            employer: string | null;
                            facebook_username: string | null;
                            first_name: string | null;
                            gender: string | null;
                            http_referrer: string | null;
                            ip: string | null;
                            jobtitle: string | null;
                            last_name: string | null;
                            linkedin_username: string | null;
                            locale: string | null;
                            os_name: string | null;
                            os_version: string | null;
                            postal_code: string | null;
                            state: string | null;
                            telephone: string | null;
                            twitter_username: string | null;
                            utm_campaign: string | null;
                            utm_content: string | null;
                            utm_medium: string | null;
                            utm_source: string | null;
                            utm_term: string | null;
                        };
                        referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
                        referral_code: string;
                        referred_by: string | null;
                        /** @description In create and update answers */
                        responses?: {
                            answer: string;
                            question: string;
                            question_id: number;
                        }[];
                        share_clicks_count: number;
                        share_link: string;
                        share_signups_count: number;
                        share_status_link: string;
                        /** @enum {unknown} */
                        status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                        unsubscribed_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Extension: a second, unguessable identifier */
                        uuid: string;
                        waitlist_ahead: number | null;
                        waitlist_behind: number | null;
                        waitlist_length: number;
                        waitlist_position: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    exportTestersCsv: {
        parameters: {
            query?: {
                custom_vars?: string;
                /** @description Legacy alias of email_contains */
                email?: string;
                email_contains?: string;
                email_is?: string;
                /** @description Extension: flagged, testers with at least one fraud flag; clear, those with none */
                fraud?: "flagged" | "clear";
                /** @description Extension: only testers in this group (one name, exact) */
                group?: string;
                /** @description Extension: only the testers of these ids, comma-separated (testers picked one by one), at most 1000; an id that is not one, or more ids, is 422 (2301). Ids of other betas' testers match nothing */
                ids?: string;
                name?: string;
                referral_code?: string;
                /** @description Extension: true, testers with a referrer; false, those without */
                referred?: "true" | "false";
                /** @description Extension: the direct referrals of the tester with this id (the referral tree's next level) */
                referrer_id?: string;
                /** @description Extension: only testers in this status */
                status?: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A header record of field names (nested fields dotted: `profile.first_name`, `fraud.referral`; one `responses.<question id>` column per question), then one record per tester (RFC 4180, CRLF, UTF-8). Empty cell: null or no answer; `fraud.flags` holds the list's JSON. A text cell starting with =, +, -, @, a tab or a carriage return is written with a leading ' so that no spreadsheet runs it as a formula. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    exportTestersNdjson: {
        parameters: {
            query?: {
                custom_vars?: string;
                /** @description Legacy alias of email_contains */
                email?: string;
                email_contains?: string;
                email_is?: string;
                /** @description Extension: flagged, testers with at least one fraud flag; clear, those with none */
                fraud?: "flagged" | "clear";
                /** @description Extension: only testers in this group (one name, exact) */
                group?: string;
                /** @description Extension: only the testers of these ids, comma-separated (testers picked one by one), at most 1000; an id that is not one, or more ids, is 422 (2301). Ids of other betas' testers match nothing */
                ids?: string;
                name?: string;
                referral_code?: string;
                /** @description Extension: true, testers with a referrer; false, those without */
                referred?: "true" | "false";
                /** @description Extension: the direct referrals of the tester with this id (the referral tree's next level) */
                referrer_id?: string;
                /** @description Extension: only testers in this status */
                status?: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One tester per line, as "show tester" renders it, with `responses` and `points`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": {
                        applied_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        email: string;
                        /** @description Extension: fraud signals that explain themselves */
                        fraud: {
                            /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                            flags: {
                                /** @enum {unknown} */
                                name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                                /** @description One line saying why */
                                reason: string;
                            }[];
                            referral: ("pending" | "held" | "credited" | "reversed") | null;
                            referral_accepted_at: string | null;
                            signup_ip: string | null;
                            signup_user_agent: string | null;
                        };
                        friend_invitations_allowed: number;
                        friend_invitations_count: number;
                        friend_invitations_remaining: number;
                        /** @description Comma-separated group names */
                        groups: string;
                        id: number;
                        imported_at: string | null;
                        /** @description Empty string when no code was generated */
                        invitation_code: string;
                        invited_at: string | null;
                        joined_at: string | null;
                        leaderboard_name: string | null;
                        /** @description The tester's points (the total of its ledger, revoked points left out) */
                        points: number;
                        /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
                        priority: number;
                        /** @description Profile fields, null when unset */
                        profile: {
                            address_line1: string | null;
                            address_line2: string | null;
                            age: string | null;
                            browser_name: string | null;
                            browser_version: string | null;
                            city: string | null;
                            country: string | null;
                            custom_var1: string | null;
                            custom_var2: string | null;
                            custom_var3: string | null;
                            employer: string | null;
                            facebook_username: string | null;
                            first_name: string | null;
                            gender: string | null;
                            http_referrer: string | null;
                            ip: string | null;
                            jobtitle: string | null;
                            last_name: string | null;
                            linkedin_username: string | null;
                            locale: string | null;
                            os_name: string | null;
                            os_version: string | null;
                            postal_code: string | null;
                            state: string | null;
                            telephone: string | null;
                            twitter_username: string | null;
                            utm_campaign: string | null;
                            utm_content: string | null;
                            utm_medium: string | null;
                            utm_source: string | null;
                            utm_term: string | null;
                        };
                        referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
                        referral_code: string;
                        referred_by: string | null;
                        /** @description Every answer of the tester, by question id */
                        responses: {
                            answer: string;
                            question: string;
                            question_id: number;
                        }[];
                        share_clicks_count: number;
                        share_link: string;
                        share_signups_count: number;
                        share_status_link: string;
                        /** @enum {unknown} */
                        status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                        unsubscribed_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Extension: a second, unguessable identifier */
                        uuid: string;
                        waitlist_ahead: number | null;
                        waitlist_behind: number | null;
                        waitlist_length: number;
                        waitlist_position: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showTester: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        email: string;
                        /** @description Extension: fraud signals that explain themselves */
                        fraud: {
                            /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                            flags: {
                                /** @enum {unknown} */
                                name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                                /** @description One line saying why */
                                reason: string;
                            }[];
                            referral: ("pending" | "held" | "credited" | "reversed") | null;
                            referral_accepted_at: string | null;
                            signup_ip: string | null;
                            signup_user_agent: string | null;
                        };
                        friend_invitations_allowed: number;
                        friend_invitations_count: number;
                        friend_invitations_remaining: number;
                        /** @description Comma-separated group names */
                        groups: string;
                        id: number;
                        imported_at: string | null;
                        /** @description Empty string when no code was generated */
                        invitation_code: string;
                        invited_at: string | null;
                        joined_at: string | null;
                        leaderboard_name: string | null;
                        /** @description Extension: the tester's points (revoked points left out); in list testers with include=points only */
                        points?: number;
                        /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
                        priority: number;
                        /** @description Profile fields, null when unset */
                        profile: {
                            address_line1: string | null;
                            address_line2: string | null;
                            age: string | null;
                            browser_name: string | null;
                            browser_version: string | null;
                            city: string | null;
                            country: string | null;
                            custom_var1: string | null;
                            custom_var2: string | null;
                            custom_var3: string | null;
                            employer: string | null;
                            facebook_username: string | null;
                            first_name: string | null;
                            gender: string | null;
                            http_referrer: string | null;
                            ip: string | null;
                            jobtitle: string | null;
                            last_name: string | null;
                            linkedin_username: string | null;
                            locale: string | null;
                            os_name: string | null;
                            os_version: string | null;
                            postal_code: string | null;
                            state: string | null;
                            telephone: string | null;
                            twitter_username: string | null;
                            utm_campaign: string | null;
                            utm_content: string | null;
                            utm_medium: string | null;
                            utm_source: string | null;
                            utm_term: string | null;
                        };
                        referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
                        referral_code: string;
                        referred_by: string | null;
                        /** @description In create and update answers */
                        responses?: {
                            answer: string;
                            question: string;
                            question_id: number;
                        }[];
                        share_clicks_count: number;
                        share_link: string;
                        share_signups_count: number;
                        share_status_link: string;
                        /** @enum {unknown} */
                        status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                        unsubscribed_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Extension: a second, unguessable identifier */
                        uuid: string;
                        waitlist_ahead: number | null;
                        waitlist_behind: number | null;
                        waitlist_length: number;
                        waitlist_position: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    updateTester: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tester?: {
                        email?: string;
                        groups?: string | null;
                        invitation_code?: string | null;
                        leaderboard_name?: string | null;
                        /** @description Extension: the owner's manual priority, 0 to 1000000: the waitlist is ordered by it first (highest first), then by the counts. 0 puts the tester back in their earned place; move_to_front sets it above everyone else's */
                        priority?: number;
                        /** @description Profile fields; an empty string unsets a field */
                        profile?: {
                            address_line1?: string | null;
                            address_line2?: string | null;
                            age?: string | null;
                            browser_name?: string | null;
                            browser_version?: string | null;
                            city?: string | null;
                            country?: string | null;
                            custom_var1?: string | null;
                            custom_var2?: string | null;
                            custom_var3?: string | null;
                            employer?: string | null;
                            facebook_username?: string | null;
                            first_name?: string | null;
                            gender?: string | null;
                            http_referrer?: string | null;
                            ip?: string | null;
                            jobtitle?: string | null;
                            last_name?: string | null;
                            linkedin_username?: string | null;
                            locale?: string | null;
                            os_name?: string | null;
                            os_version?: string | null;
                            postal_code?: string | null;
                            state?: string | null;
                            telephone?: string | null;
                            twitter_username?: string | null;
                            user_agent?: string | null;
                            utm_campaign?: string | null;
                            utm_content?: string | null;
                            utm_medium?: string | null;
                            utm_source?: string | null;
                            utm_term?: string | null;
                        };
                        /** @description The referrer's id (as a number or text), referral code or e-mail */
                        referrer_id?: string | number | null;
                        /** @description Answers: {"response":[{"question_id":…,"answer":…}]} */
                        responses?: {
                            response?: {
                                answer: string | number;
                                question_id: number | string;
                            }[];
                        };
                        /** @enum {unknown} */
                        status?: "applied" | "invited" | "rejected" | "suspended" | "unsuspended" | "active";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        email: string;
                        /** @description Extension: fraud signals that explain themselves */
                        fraud: {
                            /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                            flags: {
                                /** @enum {unknown} */
                                name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                                /** @description One line saying why */
                                reason: string;
                            }[];
                            referral: ("pending" | "held" | "credited" | "reversed") | null;
                            referral_accepted_at: string | null;
                            signup_ip: string | null;
                            signup_user_agent: string | null;
                        };
                        friend_invitations_allowed: number;
                        friend_invitations_count: number;
                        friend_invitations_remaining: number;
                        /** @description Comma-separated group names */
                        groups: string;
                        id: number;
                        imported_at: string | null;
                        /** @description Empty string when no code was generated */
                        invitation_code: string;
                        invited_at: string | null;
                        joined_at: string | null;
                        leaderboard_name: string | null;
                        /** @description Extension: the tester's points (revoked points left out); in list testers with include=points only */
                        points?: number;
                        /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
                        priority: number;
                        /** @description Profile fields, null when unset */
                        profile: {
                            address_line1: string | null;
                            address_line2: string | null;
                            age: string | null;
                            browser_name: string | null;
                            browser_version: string | null;
                            city: string | null;
                            country: string | null;
                            custom_var1: string | null;
                            custom_var2: string | null;
                            custom_var3: string | null;
                            employer: string | null;
                            facebook_username: string | null;
                            first_name: string | null;
                            gender: string | null;
                            http_referrer: string | null;
                            ip: string | null;
                            jobtitle: string | null;
                            last_name: string | null;
                            linkedin_username: string | null;
                            locale: string | null;
                            os_name: string | null;
                            os_version: string | null;
                            postal_code: string | null;
                            state: string | null;
                            telephone: string | null;
                            twitter_username: string | null;
                            utm_campaign: string | null;
                            utm_content: string | null;
                            utm_medium: string | null;
                            utm_source: string | null;
                            utm_term: string | null;
                        };
                        referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
                        referral_code: string;
                        referred_by: string | null;
                        /** @description In create and update answers */
                        responses?: {
                            answer: string;
                            question: string;
                            question_id: number;
                        }[];
                        share_clicks_count: number;
                        share_link: string;
                        share_signups_count: number;
                        share_status_link: string;
                        /** @enum {unknown} */
                        status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                        unsubscribed_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Extension: a second, unguessable identifier */
                        uuid: string;
                        waitlist_ahead: number | null;
                        waitlist_behind: number | null;
                        waitlist_length: number;
                        waitlist_position: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteTester: {
        parameters: {
            query?: {
                /** @description Queue the deletion (202) instead of deleting at once */
                queue?: string;
            };
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        email: string;
                        /** @description Extension: fraud signals that explain themselves */
                        fraud: {
                            /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                            flags: {
                                /** @enum {unknown} */
                                name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                                /** @description One line saying why */
                                reason: string;
                            }[];
                            referral: ("pending" | "held" | "credited" | "reversed") | null;
                            referral_accepted_at: string | null;
                            signup_ip: string | null;
                            signup_user_agent: string | null;
                        };
                        friend_invitations_allowed: number;
                        friend_invitations_count: number;
                        friend_invitations_remaining: number;
                        /** @description Comma-separated group names */
                        groups: string;
                        id: number;
                        imported_at: string | null;
                        /** @description Empty string when no code was generated */
                        invitation_code: string;
                        invited_at: string | null;
                        joined_at: string | null;
                        leaderboard_name: string | null;
                        /** @description Extension: the tester's points (revoked points left out); in list testers with include=points only */
                        points?: number;
                        /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
                        priority: number;
                        /** @description Profile fields, null when unset */
                        profile: {
                            address_line1: string | null;
                            address_line2: string | null;
                            age: string | null;
                            browser_name: string | null;
                            browser_version: string | null;
                            city: string | null;
                            country: string | null;
                            custom_var1: string | null;
                            custom_var2: string | null;
                            custom_var3: string | null;
                            employer: string | null;
                            facebook_username: string | null;
                            first_name: string | null;
                            gender: string | null;
                            http_referrer: string | null;
                            ip: string | null;
                            jobtitle: string | null;
                            last_name: string | null;
                            linkedin_username: string | null;
                            locale: string | null;
                            os_name: string | null;
                            os_version: string | null;
                            postal_code: string | null;
                            state: string | null;
                            telephone: string | null;
                            twitter_username: string | null;
                            utm_campaign: string | null;
                            utm_content: string | null;
                            utm_medium: string | null;
                            utm_source: string | null;
                            utm_term: string | null;
                        };
                        referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
                        referral_code: string;
                        referred_by: string | null;
                        /** @description In create and update answers */
                        responses?: {
                            answer: string;
                            question: string;
                            question_id: number;
                        }[];
                        share_clicks_count: number;
                        share_link: string;
                        share_signups_count: number;
                        share_status_link: string;
                        /** @enum {unknown} */
                        status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                        unsubscribed_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Extension: a second, unguessable identifier */
                        uuid: string;
                        waitlist_ahead: number | null;
                        waitlist_behind: number | null;
                        waitlist_length: number;
                        waitlist_position: number | null;
                    };
                };
            };
            /** @description Accepted: no body */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    acceptReferral: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        email: string;
                        /** @description Extension: fraud signals that explain themselves */
                        fraud: {
                            /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                            flags: {
                                /** @enum {unknown} */
                                name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                                /** @description One line saying why */
                                reason: string;
                            }[];
                            referral: ("pending" | "held" | "credited" | "reversed") | null;
                            referral_accepted_at: string | null;
                            signup_ip: string | null;
                            signup_user_agent: string | null;
                        };
                        friend_invitations_allowed: number;
                        friend_invitations_count: number;
                        friend_invitations_remaining: number;
                        /** @description Comma-separated group names */
                        groups: string;
                        id: number;
                        imported_at: string | null;
                        /** @description Empty string when no code was generated */
                        invitation_code: string;
                        invited_at: string | null;
                        joined_at: string | null;
                        leaderboard_name: string | null;
                        /** @description Extension: the tester's points (revoked points left out); in list testers with include=points only */
                        points?: number;
                        /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
                        priority: number;
                        /** @description Profile fields, null when unset */
                        profile: {
                            address_line1: string | null;
                            address_line2: string | null;
                            age: string | null;
                            browser_name: string | null;
                            browser_version: string | null;
                            city: string | null;
                            country: string | null;
                            custom_var1: string | null;
                            custom_var2: string | null;
                            custom_var3: string | null;
                            employer: string | null;
                            facebook_username: string | null;
                            first_name: string | null;
                            gender: string | null;
                            http_referrer: string | null;
                            ip: string | null;
                            jobtitle: string | null;
                            last_name: string | null;
                            linkedin_username: string | null;
                            locale: string | null;
                            os_name: string | null;
                            os_version: string | null;
                            postal_code: string | null;
                            state: string | null;
                            telephone: string | null;
                            twitter_username: string | null;
                            utm_campaign: string | null;
                            utm_content: string | null;
                            utm_medium: string | null;
                            utm_source: string | null;
                            utm_term: string | null;
                        };
                        referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
                        referral_code: string;
                        referred_by: string | null;
                        /** @description In create and update answers */
                        responses?: {
                            answer: string;
                            question: string;
                            question_id: number;
                        }[];
                        share_clicks_count: number;
                        share_link: string;
                        share_signups_count: number;
                        share_status_link: string;
                        /** @enum {unknown} */
                        status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                        unsubscribed_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Extension: a second, unguessable identifier */
                        uuid: string;
                        waitlist_ahead: number | null;
                        waitlist_behind: number | null;
                        waitlist_length: number;
                        waitlist_position: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    checkinTester: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: no body */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listCheckins: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD */
                        date: string;
                    }[];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    eraseTester: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The tester had been erased before; nothing was left to do */
                        already_erased: boolean;
                        /** @description Rows kept with their personal fields replaced, by table */
                        anonymized: {
                            [key: string]: number;
                        };
                        /** @description Rows deleted, by table */
                        deleted: {
                            [key: string]: number;
                        };
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        erased_at: string;
                        tester_id: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    exportTester: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Everything stored about one tester (docs/privacy.md says what is in each section, and what is left out) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        beta_id: number;
                        checkins: {
                            /** @description YYYY-MM-DD (UTC) */
                            date: string;
                        }[];
                        email_confirmations: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            expires_at: string;
                            used_at: string | null;
                        }[];
                        emails: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            created_at: string;
                            html_body: string | null;
                            id: number;
                            occasion: string;
                            sent_at: string | null;
                            status: string;
                            subject: string;
                            text_body: string;
                            to: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        exported_at: string;
                        friend_invitations: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            created_at: string;
                            id: number;
                            message: string | null;
                            role: "sender" | "recipient";
                        }[];
                        points: components["schemas"]["def-5"][];
                        referrals: {
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            created_at: string;
                            credited_at: string | null;
                            status: string;
                            tester_id: number;
                        }[];
                        responses: {
                            answer: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            created_at: string;
                            question: string;
                            question_id: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            updated_at: string;
                        }[];
                        rewards: components["schemas"]["def-6"][];
                        share_clicks: {
                            day: string;
                            visitors: number;
                        }[];
                        /** @description Stored fields the tester object does not show */
                        stored: {
                            email_alias_key: string | null;
                            email_normalized: string;
                            erased_at: string | null;
                            /** @description Hidden by the company's plan limit */
                            hidden: boolean;
                            last_active_at: string | null;
                            last_checkin_at: string | null;
                            referral_credited_at: string | null;
                            referrer_id: number | null;
                            signup_subnet: string | null;
                            status_before_suspension: string | null;
                            user_agent: string | null;
                        };
                        suppressions: {
                            email: string;
                            reason: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            suppressed_at: string;
                        }[];
                        tester: components["schemas"]["def-4"];
                        webhook_events: {
                            /** @description The body as sent */
                            body: unknown;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            created_at: string;
                            deliveries: {
                                attempt: number;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 UTC, second precision
                                 */
                                created_at: string;
                                response_status: number | null;
                                status: string;
                                webhook_id: number;
                            }[];
                            id: string;
                            type: string;
                        }[];
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    decideFraud: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Tester id */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Required. approve: the held referral is credited (as accept_referral does); reject: never credited, and the tester moves to rejected where the status rules permit
                     * @enum {unknown}
                     */
                    decision?: "approve" | "reject";
                    /** @description Why, for the log */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        decided_by: {
                            api_key_id: number | null;
                            member_id: number | null;
                            /** @description The member's address or the API key's name, as it was then */
                            name: string;
                        };
                        /** @enum {unknown} */
                        decision: "approve" | "reject";
                        id: number;
                        note: string | null;
                        tester_email: string;
                        tester_id: number;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    moveTesterToFront: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        email: string;
                        /** @description Extension: fraud signals that explain themselves */
                        fraud: {
                            /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                            flags: {
                                /** @enum {unknown} */
                                name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                                /** @description One line saying why */
                                reason: string;
                            }[];
                            referral: ("pending" | "held" | "credited" | "reversed") | null;
                            referral_accepted_at: string | null;
                            signup_ip: string | null;
                            signup_user_agent: string | null;
                        };
                        friend_invitations_allowed: number;
                        friend_invitations_count: number;
                        friend_invitations_remaining: number;
                        /** @description Comma-separated group names */
                        groups: string;
                        id: number;
                        imported_at: string | null;
                        /** @description Empty string when no code was generated */
                        invitation_code: string;
                        invited_at: string | null;
                        joined_at: string | null;
                        leaderboard_name: string | null;
                        /** @description Extension: the tester's points (revoked points left out); in list testers with include=points only */
                        points?: number;
                        /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
                        priority: number;
                        /** @description Profile fields, null when unset */
                        profile: {
                            address_line1: string | null;
                            address_line2: string | null;
                            age: string | null;
                            browser_name: string | null;
                            browser_version: string | null;
                            city: string | null;
                            country: string | null;
                            custom_var1: string | null;
                            custom_var2: string | null;
                            custom_var3: string | null;
                            employer: string | null;
                            facebook_username: string | null;
                            first_name: string | null;
                            gender: string | null;
                            http_referrer: string | null;
                            ip: string | null;
                            jobtitle: string | null;
                            last_name: string | null;
                            linkedin_username: string | null;
                            locale: string | null;
                            os_name: string | null;
                            os_version: string | null;
                            postal_code: string | null;
                            state: string | null;
                            telephone: string | null;
                            twitter_username: string | null;
                            utm_campaign: string | null;
                            utm_content: string | null;
                            utm_medium: string | null;
                            utm_source: string | null;
                            utm_term: string | null;
                        };
                        referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
                        referral_code: string;
                        referred_by: string | null;
                        /** @description In create and update answers */
                        responses?: {
                            answer: string;
                            question: string;
                            question_id: number;
                        }[];
                        share_clicks_count: number;
                        share_link: string;
                        share_signups_count: number;
                        share_status_link: string;
                        /** @enum {unknown} */
                        status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                        unsubscribed_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Extension: a second, unguessable identifier */
                        uuid: string;
                        waitlist_ahead: number | null;
                        waitlist_behind: number | null;
                        waitlist_length: number;
                        waitlist_position: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listTesterMoves: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The API key whose request moved the tester by hand (moved_by_owner); null for every other move */
                        api_key_id: number | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        at: string;
                        /**
                         * @description signed_up: the tester signed up; referral_credited, referral_held, referral_accepted: a friend the tester referred joined and was credited, was held for review, or was accepted by the owner; referral_reversed: the owner took back the credit of a friend the tester referred; points_awarded, points_revoked: a point of the tester; status_changed: the tester joined or left the waitlist; moved_by_owner: the owner changed the tester's priority (moved them to the front, or back to their earned place)
                         * @enum {unknown}
                         */
                        cause: "signed_up" | "referral_credited" | "referral_held" | "referral_accepted" | "referral_reversed" | "points_awarded" | "points_revoked" | "status_changed" | "moved_by_owner";
                        id: number;
                        /** @description The console member whose action caused the move; null for the API, the tester or the service */
                        member_id: number | null;
                        /** @description The point, for a move of points */
                        point_id: number | null;
                        /** @description The tester's points after the move */
                        points: number;
                        /** @description The waitlist position right after the move; null when the tester is not on the waitlist */
                        position: number | null;
                        /** @description The waitlist position just before the move; null when the tester was not on the waitlist */
                        position_before: number | null;
                        /** @description The tester's credited referrals after the move */
                        referrals: number;
                        /** @description The referred tester, for a referral's move */
                        referred_tester_id: number | null;
                    }[];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showTesterProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A tester's standing, what one more referral would do, and the milestone rewards ahead */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description When the tester can expect their invitation: from the beta's running top invitation schedules when it has any, else from its invitations of the last 14 days and the testers ahead; null off the waitlist and with neither (docs/waitlist.md) */
                        estimated_invitation_at: string | null;
                        /** @description The beta's milestone rewards the tester has not reached yet, fewest referrals first */
                        next_rewards: {
                            name: string;
                            /** @description Credited referrals the tester still needs for it */
                            referrals_needed: number;
                            referrals_required: number;
                            reward_definition_id: number;
                        }[];
                        /** @description The tester's points */
                        points: number;
                        position_with_one_more_referral: number | null;
                        /** @description The tester's credited referrals */
                        share_signups_count: number;
                        tester_id: number;
                        waitlist_length: number;
                        waitlist_position: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    resendConfirmation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: no body */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listTesterResponses: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answer: string;
                        question: string;
                        question_id: number;
                    }[];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    reverseReferral: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        email: string;
                        /** @description Extension: fraud signals that explain themselves */
                        fraud: {
                            /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                            flags: {
                                /** @enum {unknown} */
                                name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                                /** @description One line saying why */
                                reason: string;
                            }[];
                            referral: ("pending" | "held" | "credited" | "reversed") | null;
                            referral_accepted_at: string | null;
                            signup_ip: string | null;
                            signup_user_agent: string | null;
                        };
                        friend_invitations_allowed: number;
                        friend_invitations_count: number;
                        friend_invitations_remaining: number;
                        /** @description Comma-separated group names */
                        groups: string;
                        id: number;
                        imported_at: string | null;
                        /** @description Empty string when no code was generated */
                        invitation_code: string;
                        invited_at: string | null;
                        joined_at: string | null;
                        leaderboard_name: string | null;
                        /** @description Extension: the tester's points (revoked points left out); in list testers with include=points only */
                        points?: number;
                        /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
                        priority: number;
                        /** @description Profile fields, null when unset */
                        profile: {
                            address_line1: string | null;
                            address_line2: string | null;
                            age: string | null;
                            browser_name: string | null;
                            browser_version: string | null;
                            city: string | null;
                            country: string | null;
                            custom_var1: string | null;
                            custom_var2: string | null;
                            custom_var3: string | null;
                            employer: string | null;
                            facebook_username: string | null;
                            first_name: string | null;
                            gender: string | null;
                            http_referrer: string | null;
                            ip: string | null;
                            jobtitle: string | null;
                            last_name: string | null;
                            linkedin_username: string | null;
                            locale: string | null;
                            os_name: string | null;
                            os_version: string | null;
                            postal_code: string | null;
                            state: string | null;
                            telephone: string | null;
                            twitter_username: string | null;
                            utm_campaign: string | null;
                            utm_content: string | null;
                            utm_medium: string | null;
                            utm_source: string | null;
                            utm_term: string | null;
                        };
                        referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
                        referral_code: string;
                        referred_by: string | null;
                        /** @description In create and update answers */
                        responses?: {
                            answer: string;
                            question: string;
                            question_id: number;
                        }[];
                        share_clicks_count: number;
                        share_link: string;
                        share_signups_count: number;
                        share_status_link: string;
                        /** @enum {unknown} */
                        status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                        unsubscribed_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Extension: a second, unguessable identifier */
                        uuid: string;
                        waitlist_ahead: number | null;
                        waitlist_behind: number | null;
                        waitlist_length: number;
                        waitlist_position: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    verifyInvitationCode: {
        parameters: {
            query?: {
                invitation_code?: string;
            };
            header?: never;
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        email: string;
                        /** @description Extension: fraud signals that explain themselves */
                        fraud: {
                            /** @description Signals found when the tester signed up or was given a referrer; empty when none */
                            flags: {
                                /** @enum {unknown} */
                                name: "same_device_as_referrer" | "same_ip_as_referrer" | "referral_chain_from_one_ip" | "email_alias" | "disposable_email_domain" | "many_signups_from_ip" | "subnet_burst";
                                /** @description One line saying why */
                                reason: string;
                            }[];
                            referral: ("pending" | "held" | "credited" | "reversed") | null;
                            referral_accepted_at: string | null;
                            signup_ip: string | null;
                            signup_user_agent: string | null;
                        };
                        friend_invitations_allowed: number;
                        friend_invitations_count: number;
                        friend_invitations_remaining: number;
                        /** @description Comma-separated group names */
                        groups: string;
                        id: number;
                        imported_at: string | null;
                        /** @description Empty string when no code was generated */
                        invitation_code: string;
                        invited_at: string | null;
                        joined_at: string | null;
                        leaderboard_name: string | null;
                        /** @description Extension: the tester's points (revoked points left out); in list testers with include=points only */
                        points?: number;
                        /** @description Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place */
                        priority: number;
                        /** @description Profile fields, null when unset */
                        profile: {
                            address_line1: string | null;
                            address_line2: string | null;
                            age: string | null;
                            browser_name: string | null;
                            browser_version: string | null;
                            city: string | null;
                            country: string | null;
                            custom_var1: string | null;
                            custom_var2: string | null;
                            custom_var3: string | null;
                            employer: string | null;
                            facebook_username: string | null;
                            first_name: string | null;
                            gender: string | null;
                            http_referrer: string | null;
                            ip: string | null;
                            jobtitle: string | null;
                            last_name: string | null;
                            linkedin_username: string | null;
                            locale: string | null;
                            os_name: string | null;
                            os_version: string | null;
                            postal_code: string | null;
                            state: string | null;
                            telephone: string | null;
                            twitter_username: string | null;
                            utm_campaign: string | null;
                            utm_content: string | null;
                            utm_medium: string | null;
                            utm_source: string | null;
                            utm_term: string | null;
                        };
                        referral_channel: ("x" | "facebook" | "linkedin" | "whatsapp" | "telegram" | "reddit" | "email" | "sms" | "copy" | "qr" | "other") | null;
                        referral_code: string;
                        referred_by: string | null;
                        /** @description In create and update answers */
                        responses?: {
                            answer: string;
                            question: string;
                            question_id: number;
                        }[];
                        share_clicks_count: number;
                        share_link: string;
                        share_signups_count: number;
                        share_status_link: string;
                        /** @enum {unknown} */
                        status: "imported" | "unconfirmed" | "applied" | "invited" | "active" | "rejected" | "suspended" | "idle";
                        unsubscribed_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Extension: a second, unguessable identifier */
                        uuid: string;
                        waitlist_ahead: number | null;
                        waitlist_behind: number | null;
                        waitlist_length: number;
                        waitlist_position: number | null;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listTesterWebhookEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                beta_id: string;
                /** @description Tester id or uuid */
                tester_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The body as sent */
                        body: unknown;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        deliveries: {
                            attempt: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601 UTC, second precision
                             */
                            created_at: string;
                            response_status: number | null;
                            status: string;
                            webhook_id: number;
                        }[];
                        id: string;
                        type: string;
                    }[];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-18"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    digest_at?: string | null;
                    digest_time_zone?: string | null;
                    /** @description Send events to it (default true); enabling clears disabled_reason */
                    enabled?: boolean | string | number;
                    /** @description Event types sent to the endpoint: tester_created, tester_updated, tester_deleted, reward_earned, reward_delivered, reward_revoked, point_earned, point_revoked, tester_position_changed; ["*"] for all, including types added later. Default: all */
                    events?: string[];
                    /** @description standard: the signed JSON events; slack or discord: each event as a message in that tool's incoming-webhook shape (Slack: text and blocks; Discord: content and embeds), with a link to the console and addresses masked. One of standard, slack, discord; default standard */
                    format?: string;
                    /** @description Also sign each delivery the original service's way: X-Prefinery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret as shown>, beside the Standard Webhooks headers (default false) */
                    prefinery_signature?: boolean | string | number;
                    /** @description Absolute http(s) URL of a public host, at most 2048 characters, no user name or password */
                    url?: string;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    webhook?: {
                        digest_at?: string | null;
                        digest_time_zone?: string | null;
                        /** @description Send events to it (default true); enabling clears disabled_reason */
                        enabled?: boolean | string | number;
                        /** @description Event types sent to the endpoint: tester_created, tester_updated, tester_deleted, reward_earned, reward_delivered, reward_revoked, point_earned, point_revoked, tester_position_changed; ["*"] for all, including types added later. Default: all */
                        events?: string[];
                        /** @description standard: the signed JSON events; slack or discord: each event as a message in that tool's incoming-webhook shape (Slack: text and blocks; Discord: content and embeds), with a link to the console and addresses masked. One of standard, slack, discord; default standard */
                        format?: string;
                        /** @description Also sign each delivery the original service's way: X-Prefinery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret as shown>, beside the Standard Webhooks headers (default false) */
                        prefinery_signature?: boolean | string | number;
                        /** @description Absolute http(s) URL of a public host, at most 2048 characters, no user name or password */
                        url?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        digest_at: string | null;
                        /** @description When the next digest is due; null when the endpoint has none */
                        digest_next_at: string | null;
                        digest_time_zone: string | null;
                        disabled_reason: string | null;
                        /** @description Whether events are sent to it */
                        enabled: boolean;
                        /** @description Event types sent to the endpoint: tester_created, tester_updated, tester_deleted, reward_earned, reward_delivered, reward_revoked, point_earned, point_revoked, tester_position_changed; ["*"] for all, including types added later */
                        events: string[];
                        /**
                         * @description standard: the signed JSON events; slack or discord: each event as a message in that tool's incoming-webhook shape (Slack: text and blocks; Discord: content and embeds), with a link to the console and addresses masked
                         * @enum {unknown}
                         */
                        format: "standard" | "slack" | "discord";
                        id: number;
                        /** @description Also sign each delivery the original service's way: X-Prefinery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret as shown>, beside the Standard Webhooks headers */
                        prefinery_signature: boolean;
                        /** @description Signing secret (whsec_…) for the Standard Webhooks signature; shown only in this answer, never again. Store it where the receiver can read it. */
                        secret: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Where events are POSTed */
                        url: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Webhook endpoint id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        digest_at: string | null;
                        /** @description When the next digest is due; null when the endpoint has none */
                        digest_next_at: string | null;
                        digest_time_zone: string | null;
                        disabled_reason: string | null;
                        /** @description Whether events are sent to it */
                        enabled: boolean;
                        /** @description Event types sent to the endpoint: tester_created, tester_updated, tester_deleted, reward_earned, reward_delivered, reward_revoked, point_earned, point_revoked, tester_position_changed; ["*"] for all, including types added later */
                        events: string[];
                        /**
                         * @description standard: the signed JSON events; slack or discord: each event as a message in that tool's incoming-webhook shape (Slack: text and blocks; Discord: content and embeds), with a link to the console and addresses masked
                         * @enum {unknown}
                         */
                        format: "standard" | "slack" | "discord";
                        id: number;
                        /** @description Also sign each delivery the original service's way: X-Prefinery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret as shown>, beside the Standard Webhooks headers */
                        prefinery_signature: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Where events are POSTed */
                        url: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Webhook endpoint id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        digest_at: string | null;
                        /** @description When the next digest is due; null when the endpoint has none */
                        digest_next_at: string | null;
                        digest_time_zone: string | null;
                        disabled_reason: string | null;
                        /** @description Whether events are sent to it */
                        enabled: boolean;
                        /** @description Event types sent to the endpoint: tester_created, tester_updated, tester_deleted, reward_earned, reward_delivered, reward_revoked, point_earned, point_revoked, tester_position_changed; ["*"] for all, including types added later */
                        events: string[];
                        /**
                         * @description standard: the signed JSON events; slack or discord: each event as a message in that tool's incoming-webhook shape (Slack: text and blocks; Discord: content and embeds), with a link to the console and addresses masked
                         * @enum {unknown}
                         */
                        format: "standard" | "slack" | "discord";
                        id: number;
                        /** @description Also sign each delivery the original service's way: X-Prefinery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret as shown>, beside the Standard Webhooks headers */
                        prefinery_signature: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Where events are POSTed */
                        url: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Webhook endpoint id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    digest_at?: string | null;
                    digest_time_zone?: string | null;
                    /** @description Send events to it (default true); enabling clears disabled_reason */
                    enabled?: boolean | string | number;
                    /** @description Event types sent to the endpoint: tester_created, tester_updated, tester_deleted, reward_earned, reward_delivered, reward_revoked, point_earned, point_revoked, tester_position_changed; ["*"] for all, including types added later. Default: all */
                    events?: string[];
                    /** @description standard: the signed JSON events; slack or discord: each event as a message in that tool's incoming-webhook shape (Slack: text and blocks; Discord: content and embeds), with a link to the console and addresses masked. One of standard, slack, discord; default standard */
                    format?: string;
                    /** @description Also sign each delivery the original service's way: X-Prefinery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret as shown>, beside the Standard Webhooks headers (default false) */
                    prefinery_signature?: boolean | string | number;
                    /** @description Absolute http(s) URL of a public host, at most 2048 characters, no user name or password */
                    url?: string;
                    /** @description The fields, wrapped (or send them unwrapped) */
                    webhook?: {
                        digest_at?: string | null;
                        digest_time_zone?: string | null;
                        /** @description Send events to it (default true); enabling clears disabled_reason */
                        enabled?: boolean | string | number;
                        /** @description Event types sent to the endpoint: tester_created, tester_updated, tester_deleted, reward_earned, reward_delivered, reward_revoked, point_earned, point_revoked, tester_position_changed; ["*"] for all, including types added later. Default: all */
                        events?: string[];
                        /** @description standard: the signed JSON events; slack or discord: each event as a message in that tool's incoming-webhook shape (Slack: text and blocks; Discord: content and embeds), with a link to the console and addresses masked. One of standard, slack, discord; default standard */
                        format?: string;
                        /** @description Also sign each delivery the original service's way: X-Prefinery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret as shown>, beside the Standard Webhooks headers (default false) */
                        prefinery_signature?: boolean | string | number;
                        /** @description Absolute http(s) URL of a public host, at most 2048 characters, no user name or password */
                        url?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        digest_at: string | null;
                        /** @description When the next digest is due; null when the endpoint has none */
                        digest_next_at: string | null;
                        digest_time_zone: string | null;
                        disabled_reason: string | null;
                        /** @description Whether events are sent to it */
                        enabled: boolean;
                        /** @description Event types sent to the endpoint: tester_created, tester_updated, tester_deleted, reward_earned, reward_delivered, reward_revoked, point_earned, point_revoked, tester_position_changed; ["*"] for all, including types added later */
                        events: string[];
                        /**
                         * @description standard: the signed JSON events; slack or discord: each event as a message in that tool's incoming-webhook shape (Slack: text and blocks; Discord: content and embeds), with a link to the console and addresses masked
                         * @enum {unknown}
                         */
                        format: "standard" | "slack" | "discord";
                        id: number;
                        /** @description Also sign each delivery the original service's way: X-Prefinery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret as shown>, beside the Standard Webhooks headers */
                        prefinery_signature: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Where events are POSTed */
                        url: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: number;
                /** @description Items per page (extension) */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Webhook endpoint id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-19"][];
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    showWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Delivery (attempt) id */
                delivery_id: string;
                /** @description Webhook endpoint id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Which attempt at delivering this event to this endpoint, from 1 (redeliveries continue the count) */
                        attempt: number;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        /** @description How long the attempt took */
                        duration_ms: number;
                        error: string | null;
                        /** @description The event (evt_…): the body's id and the webhook-id header, the same on every attempt */
                        event_id: string;
                        event_type: string;
                        id: number;
                        /** @description When the next attempt is scheduled; null when none is (delivered, or given up) */
                        next_attempt_at: string | null;
                        /** @description The body sent, as sent (JSON text): the same bytes on every attempt (for a slack or discord endpoint, the message in its current format) */
                        payload: string;
                        response_status: number | null;
                        /** @enum {unknown} */
                        status: "succeeded" | "failed";
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Delivery (attempt) id */
                delivery_id: string;
                /** @description Webhook endpoint id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: no body */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Webhook endpoint id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        created_at: string;
                        digest_at: string | null;
                        /** @description When the next digest is due; null when the endpoint has none */
                        digest_next_at: string | null;
                        digest_time_zone: string | null;
                        disabled_reason: string | null;
                        /** @description Whether events are sent to it */
                        enabled: boolean;
                        /** @description Event types sent to the endpoint: tester_created, tester_updated, tester_deleted, reward_earned, reward_delivered, reward_revoked, point_earned, point_revoked, tester_position_changed; ["*"] for all, including types added later */
                        events: string[];
                        /**
                         * @description standard: the signed JSON events; slack or discord: each event as a message in that tool's incoming-webhook shape (Slack: text and blocks; Discord: content and embeds), with a link to the console and addresses masked
                         * @enum {unknown}
                         */
                        format: "standard" | "slack" | "discord";
                        id: number;
                        /** @description Also sign each delivery the original service's way: X-Prefinery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret as shown>, beside the Standard Webhooks headers */
                        prefinery_signature: boolean;
                        /** @description Signing secret (whsec_…) for the Standard Webhooks signature; shown only in this answer, never again. Store it where the receiver can read it. */
                        secret: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 UTC, second precision
                         */
                        updated_at: string;
                        /** @description Where events are POSTed */
                        url: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Beta id */
                beta_id: string;
                /** @description Webhook endpoint id */
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The test event (evt_…): its delivery shows in the endpoint's log under this id */
                        event_id: string;
                        /** @description webhook_test */
                        event_type: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description False until an invited member has chosen a password */
                        has_password: boolean;
                        id: number;
                        /** @enum {unknown} */
                        role: "owner" | "admin" | "viewer";
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    createMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @description Without it the member is e-mailed a link to choose one */
                    password?: string;
                    /** @description owner, admin or viewer */
                    role: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description False until an invited member has chosen a password */
                        has_password: boolean;
                        id: number;
                        /** @enum {unknown} */
                        role: "owner" | "admin" | "viewer";
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    deleteMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                member_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description False until an invited member has chosen a password */
                        has_password: boolean;
                        id: number;
                        /** @enum {unknown} */
                        role: "owner" | "admin" | "viewer";
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another request is 422 (1422); while the first request is still running, 409 (1409). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID. */
                "Idempotency-Key"?: string;
            };
            path: {
                member_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description owner, admin or viewer */
                    role: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        /** @description False until an invited member has chosen a password */
                        has_password: boolean;
                        id: number;
                        /** @enum {unknown} */
                        role: "owner" | "admin" | "viewer";
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The API key lacks the operation's permission (1403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Something the path names does not exist, or belongs to another company (1404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description The body is larger than the limit (1413) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A path parameter longer than 100 characters (1400) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Rate limited (1429): Retry-After and RateLimit-Reset say when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Unexpected failure: the message names the request id to quote */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
}
