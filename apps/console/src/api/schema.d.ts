// Generated from docs/openapi.json by tools/generate-console-sources.ts (npm run docs:generate).
export interface paths {
    "/admin/v1/assess/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the assess service's dead letters
         * @description Records its consumers set aside (not JSON, against their contract, or failing their handler), oldest first, at most 500.
         */
        get: operations["assessListDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/assess/dead-letters/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay the assess service's dead letters of a topic
         * @description Hands each to its handler again; those that go through are removed, the others stay.
         */
        post: operations["assessReplayDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/assess/dead-letters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Discard one of the assess service's dead letters */
        delete: operations["assessDiscardDeadLetter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/assess/dead-letters/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay one of the assess service's dead letters
         * @description Hands it to its handler again: removed if it goes through, kept with one more attempt if not.
         */
        post: operations["assessReplayDeadLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dashboard/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the dashboard service's dead letters
         * @description Records its consumers set aside (not JSON, against their contract, or failing their handler), oldest first, at most 500.
         */
        get: operations["dashboardListDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dashboard/dead-letters/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay the dashboard service's dead letters of a topic
         * @description Hands each to its handler again; those that go through are removed, the others stay.
         */
        post: operations["dashboardReplayDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dashboard/dead-letters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Discard one of the dashboard service's dead letters */
        delete: operations["dashboardDiscardDeadLetter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dashboard/dead-letters/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay one of the dashboard service's dead letters
         * @description Hands it to its handler again: removed if it goes through, kept with one more attempt if not.
         */
        post: operations["dashboardReplayDeadLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/identity/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the identity service's dead letters
         * @description Records its consumers set aside (not JSON, against their contract, or failing their handler), oldest first, at most 500.
         */
        get: operations["identityListDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/identity/dead-letters/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay the identity service's dead letters of a topic
         * @description Hands each to its handler again; those that go through are removed, the others stay.
         */
        post: operations["identityReplayDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/identity/dead-letters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Discard one of the identity service's dead letters */
        delete: operations["identityDiscardDeadLetter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/identity/dead-letters/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay one of the identity service's dead letters
         * @description Hands it to its handler again: removed if it goes through, kept with one more attempt if not.
         */
        post: operations["identityReplayDeadLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an organization
         * @description Creates an organization (a tenant) and its first API key, which the answer shows once. With `owner_email`, also a one-time setup link that makes that person its owner: emailed to them, and returned as `owner_setup_url` to pass on when no SMTP server is configured.
         */
        post: operations["Admin_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{id}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an API key
         * @description Issues another API key for the organization; the earlier keys stay valid.
         */
        post: operations["Admin_createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/password-reset-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a password reset link
         * @description A one-time link to choose a new password for the account of `email`, valid `PASSWORD_RESET_TTL_MS`, for the operator to hand over when no SMTP server is configured (a reset asked for then makes no link). Check who is asking before handing it over: it is as good as the account.
         */
        post: operations["AdminLinks_resetLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/policies/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the policies service's dead letters
         * @description Records its consumers set aside (not JSON, against their contract, or failing their handler), oldest first, at most 500.
         */
        get: operations["policiesListDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/policies/dead-letters/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay the policies service's dead letters of a topic
         * @description Hands each to its handler again; those that go through are removed, the others stay.
         */
        post: operations["policiesReplayDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/policies/dead-letters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Discard one of the policies service's dead letters */
        delete: operations["policiesDiscardDeadLetter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/policies/dead-letters/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay one of the policies service's dead letters
         * @description Hands it to its handler again: removed if it goes through, kept with one more attempt if not.
         */
        post: operations["policiesReplayDeadLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/probe-ingest/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the probe-ingest service's dead letters
         * @description Records its consumers set aside (not JSON, against their contract, or failing their handler), oldest first, at most 500.
         */
        get: operations["probeIngestListDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/probe-ingest/dead-letters/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay the probe-ingest service's dead letters of a topic
         * @description Hands each to its handler again; those that go through are removed, the others stay.
         */
        post: operations["probeIngestReplayDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/probe-ingest/dead-letters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Discard one of the probe-ingest service's dead letters */
        delete: operations["probeIngestDiscardDeadLetter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/probe-ingest/dead-letters/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay one of the probe-ingest service's dead letters
         * @description Hands it to its handler again: removed if it goes through, kept with one more attempt if not.
         */
        post: operations["probeIngestReplayDeadLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/reports/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the reports service's dead letters
         * @description Records its consumers set aside (not JSON, against their contract, or failing their handler), oldest first, at most 500.
         */
        get: operations["reportsListDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/reports/dead-letters/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay the reports service's dead letters of a topic
         * @description Hands each to its handler again; those that go through are removed, the others stay.
         */
        post: operations["reportsReplayDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/reports/dead-letters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Discard one of the reports service's dead letters */
        delete: operations["reportsDiscardDeadLetter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/reports/dead-letters/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay one of the reports service's dead letters
         * @description Hands it to its handler again: removed if it goes through, kept with one more attempt if not.
         */
        post: operations["reportsReplayDeadLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/setup-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue the first-start setup link
         * @description While nobody has an account: a fresh one-time link that creates the first owner and their organization, retiring every earlier one (the standalone prints one on its terminal at each start).
         */
        post: operations["AdminLinks_setupLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/systems/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the systems service's dead letters
         * @description Records its consumers set aside (not JSON, against their contract, or failing their handler), oldest first, at most 500.
         */
        get: operations["systemsListDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/systems/dead-letters/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay the systems service's dead letters of a topic
         * @description Hands each to its handler again; those that go through are removed, the others stay.
         */
        post: operations["systemsReplayDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/systems/dead-letters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Discard one of the systems service's dead letters */
        delete: operations["systemsDiscardDeadLetter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/systems/dead-letters/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay one of the systems service's dead letters
         * @description Hands it to its handler again: removed if it goes through, kept with one more attempt if not.
         */
        post: operations["systemsReplayDeadLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhooks/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the webhooks service's dead letters
         * @description Records its consumers set aside (not JSON, against their contract, or failing their handler), oldest first, at most 500.
         */
        get: operations["webhooksListDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhooks/dead-letters/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay the webhooks service's dead letters of a topic
         * @description Hands each to its handler again; those that go through are removed, the others stay.
         */
        post: operations["webhooksReplayDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhooks/dead-letters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Discard one of the webhooks service's dead letters */
        delete: operations["webhooksDiscardDeadLetter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhooks/dead-letters/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay one of the webhooks service's dead letters
         * @description Hands it to its handler again: removed if it goes through, kept with one more attempt if not.
         */
        post: operations["webhooksReplayDeadLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description The organization’s active keys, newest first; `include=revoked` lists revoked ones too. Secrets are never shown again.
         */
        get: operations["ApiKeys_list"];
        put?: never;
        /**
         * Create an API key
         * @description Issues a key with a name and a scope: `full` acts as an admin, `read_only` as a viewer, `probe` calls the probe endpoints only. The answer shows the key once; it works at once on every service.
         */
        post: operations["ApiKeys_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/api-keys/{id}": {
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
         * Revoke an API key
         * @description Revokes the key: once this answers, every service refuses it. Revoking a key that is already revoked answers 404, as for an unknown key.
         */
        delete: operations["ApiKeys_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/assess": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List assessments
         * @description The assessments of the organization, newest first, with optional filters. The document text is not kept; each finding keeps its evidence with the text around it.
         */
        get: operations["Assessments_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/assess/document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an assessment
         * @description Queues the assessment of a document against a framework, for a registered system that is not retired. The document comes as JSON text or as an uploaded file. Poll `GET /api/service/assess/{id}` until `complete` or `failed`; `assessment.complete` is announced too.
         */
        post: operations["Assessments_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/assess/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow assessments live
         * @description Tells the console when an assessment started, completed or failed (`assessments`). Needs `Accept: text/event-stream`. Sends `event: ready` once the stream listens (read again then: changes made while away are not replayed), `event: change` with `data: {"topics": [...]}` naming what moved (`assessments`), and `event: heartbeat` every 20 s. Changes carry no data: read it through the ordinary endpoints, which authorize it. The stream ends after `LIVE_STREAM_MAX_MS` (5 minutes); reconnecting authorizes again.
         */
        get: operations["Assessments_stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/assess/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List templates
         * @description The frameworks a document can be assessed against.
         */
        get: operations["Templates_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/assess/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an assessment
         * @description Its status while it runs, and its result once complete.
         */
        get: operations["Assessments_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/assess/{id}/findings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List findings
         * @description One finding per control, with how far the document meets it; empty until the assessment is complete.
         */
        get: operations["Assessments_findings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the audit trail
         * @description Every change made in the organization, by a person, an API key or a service, newest first. Filters combine; `from` is inclusive and `to` exclusive.
         */
        get: operations["Audit_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the audit trail
         * @description Every matching entry, newest first, streamed as an attachment: CSV (a header row, RFC 4180) or one JSON array of the entries as the listing shows them. The JSON export keeps every value exact, so the hashes can be recomputed from it (docs/audit.md).
         */
        get: operations["Audit_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/audit/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the audit trail
         * @description Recomputes the organization’s hash chain from its start (or the retention checkpoint) to its head. `ok: false` names the first broken link: an entry whose hash does not match its content (`hash_mismatch`), a missing entry (`missing_entry`), or an entry that does not name the hash of the one before it (`previous_hash_mismatch`).
         */
        get: operations["Audit_verify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in
         * @description Checks the email and password and opens a session: a new one at every sign-in, ending the session the browser presented. Sets the `service_session` cookie (httpOnly) and `service_csrf` (readable, to repeat in `X-Service-CSRF`; `__Host-service_csrf` when cookies are Secure). An unknown email and a wrong password get the same answer. Failed sign-ins are limited per account and per address, and a limited one is refused even with the right password. Needs no authentication; a browser request needs `Origin` of the console.
         */
        post: operations["SignIn_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the session on every service at once and clears both cookies. Needs a session: the `service_session` cookie set by sign-in (an API key is refused). From a browser, a POST or DELETE also needs `Origin` of the console and `X-Service-CSRF` repeating the `service_csrf` cookie (`__Host-service_csrf` over HTTPS).
         */
        post: operations["SignIn_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is signed in
         * @description The person, their organizations and roles, and the session. Calling it counts as activity: it moves the session's idle deadline (`idle_expires_at`). Needs a session: the `service_session` cookie set by sign-in (an API key is refused). From a browser, a POST or DELETE also needs `Origin` of the console and `X-Service-CSRF` repeating the `service_csrf` cookie (`__Host-service_csrf` over HTTPS).
         */
        get: operations["SignIn_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change my password
         * @description Sets a new password, given the current one, and ends the person’s other sessions everywhere. A wrong current password counts as a failed sign-in. Needs a session: the `service_session` cookie set by sign-in (an API key is refused). From a browser, a POST or DELETE also needs `Origin` of the console and `X-Service-CSRF` repeating the `service_csrf` cookie (`__Host-service_csrf` over HTTPS).
         */
        post: operations["Passwords_change"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link
         * @description Emails a one-time link to choose a new password, valid `PASSWORD_RESET_TTL_MS` (an hour by default), when the email has an account. The answer is the same, in the same time, whether or not it has one. Requests are limited per email and per address (`PASSWORD_RESET_MAX_PER_ACCOUNT`, `…_PER_ADDRESS`). Without an SMTP server no link is made: the operator issues one with `POST /admin/v1/password-reset-links`. Needs no authentication; a browser request needs `Origin` of the console.
         */
        post: operations["Passwords_requestReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset my password
         * @description Sets a new password with the token of an emailed reset link, uses the link up, and ends all the person’s sessions everywhere; then they sign in. Needs no authentication; a browser request needs `Origin` of the console.
         */
        post: operations["Passwords_confirmReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List my sessions
         * @description The person's open sessions, newest first; `current` marks this request's. Needs a session: the `service_session` cookie set by sign-in (an API key is refused). From a browser, a POST or DELETE also needs `Origin` of the console and `X-Service-CSRF` repeating the `service_csrf` cookie (`__Host-service_csrf` over HTTPS).
         */
        get: operations["SignIn_sessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/sessions/{id}": {
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
         * End one of my sessions
         * @description Ends one of the person’s own sessions on every service at once (a lost laptop); ending the current one also clears the cookies. Another person's session is not found. Needs a session: the `service_session` cookie set by sign-in (an API key is refused). From a browser, a POST or DELETE also needs `Origin` of the console and `X-Service-CSRF` repeating the `service_csrf` cookie (`__Host-service_csrf` over HTTPS).
         */
        delete: operations["SignIn_end"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tell whether the first owner is still to be set up
         * @description Lets the sign-in page point a visitor to the first-start setup link while nobody has an account. Says nothing else; needs no authentication.
         */
        get: operations["Setup_status"];
        put?: never;
        /**
         * Set up an owner with a setup link
         * @description Uses a one-time setup link. The first-start link (printed by identity at start while nobody has an account, or `SETUP_TOKEN`) creates the first person, their organization (`organization_name`, on the professional plan) and makes them its owner. A link from the admin API (`owner_email`) makes the person it was sent to the owner of its organization: `email` must be that address, and an existing account proves itself with its own password. Either signs the person in, setting the cookies as sign-in does. Needs no authentication; a browser request needs `Origin` of the console.
         */
        post: operations["Setup_setup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Finish an SSO sign-in
         * @description Where the provider sends the browser back. On success: the person (created just in time if new) gets a session (`service_session` and `service_csrf` cookies) and is sent to the console. On failure: sent to `<PUBLIC_URL>/sign-in?error=<code>`, signed in nowhere; the codes are in docs/sso.md.
         */
        get: operations["SsoSignIn_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/sso/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Does this email sign in with SSO?
         * @description For the sign-in page: whether the email’s domain belongs to an organization with SSO enabled.
         */
        get: operations["SsoSignIn_discover"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/auth/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start an SSO sign-in
         * @description Redirects the browser to the organization’s OpenID Provider (authorization code flow with PKCE, state and nonce) and sets the short-lived `service_sso_state` cookie that the callback checks. Give `email` (its domain finds the organization) or `organization`.
         */
        get: operations["SsoSignIn_start"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/dashboard/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List recent activity
         * @description The organization’s governance events, newest first, each with a sentence to show.
         */
        get: operations["Dashboard_activity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/dashboard/compliance-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the compliance status
         * @description One badge per framework, from the latest assessment of each system.
         */
        get: operations["Dashboard_complianceStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/dashboard/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow the dashboard live
         * @description Tells the console when the summary, compliance status or activity changed (`activity`), so it reads them again without a reload. Needs `Accept: text/event-stream`. Sends `event: ready` once the stream listens (read again then: changes made while away are not replayed), `event: change` with `data: {"topics": [...]}` naming what moved (`activity`), and `event: heartbeat` every 20 s. Changes carry no data: read it through the ordinary endpoints, which authorize it. The stream ends after `LIVE_STREAM_MAX_MS` (5 minutes); reconnecting authorizes again.
         */
        get: operations["Dashboard_stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/dashboard/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the dashboard summary
         * @description The governance score (0 to 100) and its breakdown, system and probe counts, open findings, compliance and policy counts. Built from events, so it trails the other services by moments.
         */
        get: operations["Dashboard_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List pending invitations
         * @description Invitations neither accepted, revoked nor expired, newest first.
         */
        get: operations["Invitations_list"];
        put?: never;
        /**
         * Invite a person
         * @description Emails a one-time link, valid 7 days (`INVITATION_TTL_MS`), that makes the person a member with this role. When the email is not sent (`SMTP_URL` unset, or the server refused it), the answer carries the link as `accept_url` for you to hand over; it is shown nowhere else.
         */
        post: operations["Invitations_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation
         * @description Makes the invited email’s account a member with the invited role and signs it in: the answer sets the `service_session` cookie (httpOnly) and the `service_csrf` cookie. Without an account for the email, it creates one from `name` and `password`; with one, `password` must be its password. A link works once. A wrong password counts as a failed sign-in of the account, under the same limit.
         */
        post: operations["InvitationAcceptance_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/invitations/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look up an invitation
         * @description What the acceptance page shows: the organization, the email and role, and whether an account has this email (then accepting takes its password; otherwise a name and a new password). Needs no session: the token from the link is the credential.
         */
        get: operations["InvitationAcceptance_lookup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/invitations/{id}": {
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
         * Revoke an invitation
         * @description Its link stops working. An invitation already revoked answers 404, like an unknown one; only an owner revokes an invitation to become owner.
         */
        delete: operations["Invitations_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List members
         * @description The people of the organization with their roles, newest members first.
         */
        get: operations["Members_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/members/me": {
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
         * Leave the organization
         * @description The signed-in person leaves the organization, whatever their role; the last owner cannot. Their account and sessions stay, for their other organizations. API keys get 403: they are no member.
         */
        delete: operations["Members_leave"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/members/{id}": {
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
         * @description Removes the person from this organization: every service refuses them here once this answers. Their account and sessions stay, for their other organizations.
         */
        delete: operations["Members_remove"];
        options?: never;
        head?: never;
        /**
         * Change a member’s role
         * @description Owners change anyone’s role; admins (and `full` keys) everyone’s but owners’, and they cannot appoint an owner. The new role holds on every service once this answers.
         */
        patch: operations["Members_changeRole"];
        trace?: never;
    };
    "/api/service/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the organization
         * @description The caller’s organization: its name, plan and an SSO summary.
         */
        get: operations["OrganizationSettings_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename the organization
         * @description Changes the name, on every service from the next request on (`organization.updated`).
         */
        patch: operations["OrganizationSettings_update"];
        trace?: never;
    };
    "/api/service/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List policies
         * @description The policies, newest first, with optional filters.
         */
        get: operations["Policies_list"];
        put?: never;
        /**
         * Create a policy
         * @description Creates a custom policy, active unless `status` says otherwise.
         */
        post: operations["Policies_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/policies/frameworks/{id}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a framework
         * @description Creates a policy for each control of the framework that has a runtime rule and is not imported yet, in the mode the body names (WARN when there is no body). Importing again creates only what is missing.
         */
        post: operations["Policies_importFramework"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a policy */
        get: operations["Policies_get"];
        put?: never;
        post?: never;
        /**
         * Delete a policy
         * @description The policy leaves every list and every probe’s policy set, and no telemetry is checked against it any more. Violations it raised keep their history, and its name can be used again. `version` refuses the deletion of a policy changed since (409); `reason` goes to the audit trail.
         */
        delete: operations["Policies_delete"];
        options?: never;
        head?: never;
        /**
         * Update a policy
         * @description Changes the given fields only, each checked as at creation (the rule by the same validator); `null` clears the description. `status: disabled` stops its enforcement and its sync to probes; `active` resumes them. Send the `version` you read to refuse a change made since (409). A change of nothing answers the policy as it is, at the same version.
         */
        patch: operations["Policies_update"];
        trace?: never;
    };
    "/api/service/policies/{id}/enforcement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Toggle the enforcement mode
         * @description Sets the mode the body names, or flips BLOCK and WARN when there is no body. Setting the current mode changes nothing.
         */
        patch: operations["Policies_setEnforcement"];
        trace?: never;
    };
    "/api/service/probe/heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report probe health
         * @description Records the probe’s health. Connection follows telemetry, not heartbeats: a probe that sends no telemetry for longer than the silence limit is disconnected.
         */
        post: operations["Probes_heartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/probe/policy-sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the active policies for a probe
         * @description The active policies of the organization that apply to the probe’s system, with their rules and versions. Send the ETag back in If-None-Match: 304 while nothing changed.
         */
        get: operations["PolicySync_sync"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/probe/probes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a probe
         * @description The probe with its last health report and connection.
         */
        get: operations["Probes_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/probe/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a probe
         * @description Registers a probe on the system it watches, registering the system too when it is new (auto-registration). Registering the same probe name and host again answers 200 with the same probe.
         */
        post: operations["Probes_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/probe/systems/{id}/telemetry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A system’s telemetry over time
         * @description Per hour or day (UTC), oldest first: the p50 and p95 of `latency_ms` (from log-spaced bins, within 5 %), the sums of `input.tokens` and `output.tokens`, and the policy violations; and each metric that drifted within the range, its mean per bucket beside its baseline mean, with its alerts. At most 336 buckets (14 days of hours); 24 buckets up to now when no range is given. Telemetry is kept per hour for `TELEMETRY_SERIES_RETENTION_MS` (90 days).
         */
        get: operations["TelemetrySeries_read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/probe/telemetry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send telemetry
         * @description Receives a batch of metric records from a probe. The whole batch is validated first: one bad record refuses the batch. 202 means the batch is durable; drift and shadow-AI detection run on it afterwards.
         */
        post: operations["Telemetry_ingest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reports
         * @description The organization's reports, newest first.
         */
        get: operations["Reports_list"];
        put?: never;
        /**
         * Generate a report
         * @description Queues a compliance, system, assessment or executive report as PDF, CSV or JSON, built from the organization's events. Poll GET /api/service/reports/{id} until `status` is `complete`.
         */
        post: operations["Reports_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/reports/assessments/{assessmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open the report of an assessment
         * @description Where `assessment.complete`'s `report_url` points. 303 to a fresh signed download link once the PDF is ready; 202 with the report while it is queued or running; 200 with it when generation failed.
         */
        get: operations["Reports_assessmentReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/reports/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow reports live
         * @description Tells the console when a report started, completed or failed (`reports`). Needs `Accept: text/event-stream`. Sends `event: ready` once the stream listens (read again then: changes made while away are not replayed), `event: change` with `data: {"topics": [...]}` naming what moved (`reports`), and `event: heartbeat` every 20 s. Changes carry no data: read it through the ordinary endpoints, which authorize it. The stream ends after `LIVE_STREAM_MAX_MS` (5 minutes); reconnecting authorizes again.
         */
        get: operations["Reports_stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a report
         * @description Its status and, once complete, a signed download link.
         */
        get: operations["Reports_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/reports/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a report
         * @description The `download_url` of a complete report. No API key: the HMAC signature over the report id, its organization and the expiry is the credential. Served as an attachment.
         */
        get: operations["ReportDownload_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the SSO configuration
         * @description The organization’s OpenID Connect configuration; the client secret is never returned.
         */
        get: operations["SsoSettings_get"];
        /**
         * Configure SSO
         * @description Creates or replaces the organization’s OpenID Connect configuration. An enabled configuration’s issuer is discovered first, so a wrong issuer is refused at once. Leave `client_secret` out to keep the stored one (not when the issuer changes). Register `redirect_uri` of the answer at the provider (docs/sso.md).
         */
        put: operations["SsoSettings_put"];
        post?: never;
        /**
         * Remove the SSO configuration
         * @description People who signed in with SSO stay members; they sign in with a password reset from now on.
         */
        delete: operations["SsoSettings_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/sso/domains/{domain}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify an SSO email domain
         * @description Looks up the DNS TXT records at `_governance-challenge.<domain>`; when one is this organization’s `governance-domain-verification=<token>` (see `domain_verification` of the configuration), the domain is verified: from then on it routes and vouches for sign-ins here, and no other organization can claim it. Calling it for a verified domain changes nothing.
         */
        post: operations["SsoSettings_verifyDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/systems": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List systems
         * @description The inventory, newest first, with optional filters; `q` searches names and descriptions.
         */
        get: operations["Systems_list"];
        put?: never;
        /**
         * Register a system
         * @description Adds a declared AI system to the inventory and announces `system.registered`.
         */
        post: operations["Systems_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/systems/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow the inventory live
         * @description Tells the console when systems changed (`systems`: registered, discovered, adopted, edited) or their probes did (`probes`: registered, heartbeat, connection state). Needs `Accept: text/event-stream`. Sends `event: ready` once the stream listens (read again then: changes made while away are not replayed), `event: change` with `data: {"topics": [...]}` naming what moved (`systems`, `probes`), and `event: heartbeat` every 20 s. Changes carry no data: read it through the ordinary endpoints, which authorize it. The stream ends after `LIVE_STREAM_MAX_MS` (5 minutes); reconnecting authorizes again.
         */
        get: operations["Systems_stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service/systems/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a system
         * @description The system and the probes attached to it.
         */
        get: operations["Systems_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a system
         * @description Changes the given fields only; null clears an optional text field.
         */
        patch: operations["Systems_update"];
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @description Every webhook of the organization, oldest first.
         */
        get: operations["Webhooks_list"];
        put?: never;
        /**
         * Register a webhook
         * @description Subscribes an HTTPS endpoint to event types. The answer carries the `signing_secret` of the delivery signatures, shown this once only. Professional, Federal and Embedded plans.
         */
        post: operations["Webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the event types
         * @description The catalogue of what a webhook can subscribe to: each event type with its trigger and severity, the published JSON Schema of its delivery body, and a sample body (the example that schema carries).
         */
        get: operations["Webhooks_eventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow deliveries live
         * @description Tells the console when a delivery of any of the organization’s webhooks was created or attempted (`deliveries`). Needs `Accept: text/event-stream`. Sends `event: ready` once the stream listens (read again then: changes made while away are not replayed), `event: change` with `data: {"topics": [...]}` naming what moved (`deliveries`), and `event: heartbeat` every 20 s. Changes carry no data: read it through the ordinary endpoints, which authorize it. The stream ends after `LIVE_STREAM_MAX_MS` (5 minutes); reconnecting authorizes again.
         */
        get: operations["DeliveriesStream_stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook */
        get: operations["Webhooks_get"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description No new deliveries are made to it.
         */
        delete: operations["Webhooks_delete"];
        options?: never;
        head?: never;
        /**
         * Update a webhook
         * @description Changes the given fields only; `active: false` pauses the deliveries.
         */
        patch: operations["Webhooks_update"];
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries
         * @description The delivery log of the last 30 days, newest first: each delivery with its outcome and attempts. A resend shows `resent_from`, the delivery it repeats. Narrowed by `outcome`, `event` and the creation time (`since` inclusive, `until` exclusive).
         */
        get: operations["Webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a delivery
         * @description One delivery of the last 30 days with the request body its attempts sent, and what each attempt got back: its status, time, error, and the start of the response body (at most 4 KiB, `response_body_truncated` when it went on). Request headers are not kept: they carry the signature.
         */
        get: operations["Webhooks_delivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend a delivery
         * @description Makes a new delivery of the same event and the same payload bytes, with a new `X-Service-Delivery`, attempted at once and retried on the usual schedule, and signed with the current secret (or secrets, during a rotation). The original stays in the log as it was. Any delivery of the last 30 days can be resent, whatever its outcome; a resend of a test delivery is a test delivery too.
         */
        post: operations["Webhooks_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recover failed deliveries
         * @description Resends every failed delivery (each attempt used up) created at or after `since`, each once: a delivery already resent, by hand or by an earlier recovery, is left out, so recovering the same period again resends only what failed since. Test deliveries are not recovered. At most 10,000 deliveries per call, oldest first; `has_more` says to call again. `since` must lie within the delivery log retention (30 days) and not in the future.
         */
        post: operations["Webhooks_recover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Creates a new signing secret, shown in this answer only. For 24 hours after (until `previous_secret_expires_at`) every delivery carries two signatures in its one `X-Service-Signature-256` header, comma-separated, the new secret's first: `sha256=<hex with the new secret>,sha256=<hex with the previous secret>`. A receiver splits the value on commas, requires the `sha256=` prefix on each entry, and accepts the delivery when any entry matches the HMAC-SHA256 of the raw body under the secret it holds (constant-time), so it verifies with either secret while it moves to the new one. After the overlap the header holds the new signature only. Rotating again during an overlap drops the oldest secret: only the new and the one just replaced sign.
         */
        post: operations["Webhooks_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test delivery
         * @description Sends a sample payload of the event type, with invented data, to the webhook url now, signed with the real signing secret, and answers with the outcome, failed attempts included. It shows in the delivery log as `test`.
         */
        post: operations["Webhooks_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description The uniform error body of every 4xx and 5xx answer. Clients switch on `code`; `message` is for people.
         * @example {
         *       "error": {
         *         "code": "validation_failed",
         *         "message": "Invalid request: url: url must be a string",
         *         "details": [
         *           {
         *             "field": "url",
         *             "message": "url must be a string"
         *           }
         *         ]
         *       }
         *     }
         */
        Error: {
            error: {
                /** @enum {string} */
                code: "validation_failed" | "malformed_json" | "body_too_deep" | "malformed_request" | "headers_too_large" | "request_timeout" | "unsupported_media_type" | "payload_too_large" | "unauthorized" | "forbidden" | "csrf_rejected" | "organization_required" | "plan_not_eligible" | "not_found" | "not_acceptable" | "conflict" | "invitation_expired" | "invitation_revoked" | "invitation_accepted" | "link_invalid" | "too_many_requests" | "url_not_allowed" | "webhook_limit_reached" | "service_unavailable" | "internal_error";
                message: string;
                /** @description For `validation_failed`, the list of `{ field, message }` problems; otherwise null or an object that depends on the code. */
                details: unknown;
            };
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
    assessListDeadLetters: {
        parameters: {
            query?: {
                topic?: string;
                consumer?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dead letters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "consumer_group": "webhooks.dispatcher",
                     *           "topic": "governance.system.registered",
                     *           "partition": 3,
                     *           "offset": "1187",
                     *           "event_id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *           "event_type": "system.registered",
                     *           "key": "org_01M80KHQC9DHV63SDEFT718QZ3",
                     *           "headers": {
                     *             "event-id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *             "event-type": "system.registered"
                     *           },
                     *           "payload": "{\"id\":\"sys-17\",\"organization_id\":\"org_01M80KHQC9DHV63SDEFT718QZ3\"}",
                     *           "reason": "contract",
                     *           "error": "breaks the governance.system.registered schema: /id must match format \"uuid\"",
                     *           "attempts": 1,
                     *           "first_seen_at": "2026-11-24T09:12:03.114Z",
                     *           "last_seen_at": "2026-11-24T09:12:03.114Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The dead letter id, for replay and discard. */
                            id: string;
                            /** @description `<service>.<consumer>` */
                            consumer_group: string;
                            /** @description The topic the record came from. */
                            topic: string;
                            /** @description The Kafka partition; 0 on the Postgres event log. */
                            partition: number;
                            /** @description The Kafka offset, or the position in the Postgres event log. */
                            offset: string;
                            /** @description The event-id header, as received. */
                            event_id: string;
                            /** @description The event-type header, as received. */
                            event_type: string;
                            /** @description The record key. */
                            key: string;
                            headers: {
                                [key: string]: string;
                            };
                            /** @description The record value, as received. */
                            payload: string;
                            /** @enum {string} */
                            reason: "malformed" | "contract" | "handler";
                            /** @description Why it was set aside, or why its last replay failed. */
                            error: string;
                            attempts: number;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    assessReplayDeadLetters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    topic: string;
                };
            };
        };
        responses: {
            /** @description What became of each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "replayed": 1,
                     *       "failed": 1,
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "outcome": "replayed",
                     *           "error": null
                     *         },
                     *         {
                     *           "id": "43",
                     *           "outcome": "failed",
                     *           "error": "Error: breaks the governance.system.registered schema: /id must match format \"uuid\""
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        replayed: number;
                        failed: number;
                        data: {
                            /** @description The dead letter id. */
                            id: string;
                            /** @enum {string} */
                            outcome: "replayed" | "failed";
                            /** @description Why the replay failed; null when it went through. */
                            error: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    assessDiscardDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Discarded. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    assessReplayDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What became of it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "outcome": "replayed",
                     *       "error": null
                     *     }
                     */
                    "application/json": {
                        /** @description The dead letter id. */
                        id: string;
                        /** @enum {string} */
                        outcome: "replayed" | "failed";
                        /** @description Why the replay failed; null when it went through. */
                        error: string | null;
                    };
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardListDeadLetters: {
        parameters: {
            query?: {
                topic?: string;
                consumer?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dead letters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "consumer_group": "webhooks.dispatcher",
                     *           "topic": "governance.system.registered",
                     *           "partition": 3,
                     *           "offset": "1187",
                     *           "event_id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *           "event_type": "system.registered",
                     *           "key": "org_01M80KHQC9DHV63SDEFT718QZ3",
                     *           "headers": {
                     *             "event-id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *             "event-type": "system.registered"
                     *           },
                     *           "payload": "{\"id\":\"sys-17\",\"organization_id\":\"org_01M80KHQC9DHV63SDEFT718QZ3\"}",
                     *           "reason": "contract",
                     *           "error": "breaks the governance.system.registered schema: /id must match format \"uuid\"",
                     *           "attempts": 1,
                     *           "first_seen_at": "2026-11-24T09:12:03.114Z",
                     *           "last_seen_at": "2026-11-24T09:12:03.114Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The dead letter id, for replay and discard. */
                            id: string;
                            /** @description `<service>.<consumer>` */
                            consumer_group: string;
                            /** @description The topic the record came from. */
                            topic: string;
                            /** @description The Kafka partition; 0 on the Postgres event log. */
                            partition: number;
                            /** @description The Kafka offset, or the position in the Postgres event log. */
                            offset: string;
                            /** @description The event-id header, as received. */
                            event_id: string;
                            /** @description The event-type header, as received. */
                            event_type: string;
                            /** @description The record key. */
                            key: string;
                            headers: {
                                [key: string]: string;
                            };
                            /** @description The record value, as received. */
                            payload: string;
                            /** @enum {string} */
                            reason: "malformed" | "contract" | "handler";
                            /** @description Why it was set aside, or why its last replay failed. */
                            error: string;
                            attempts: number;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardReplayDeadLetters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    topic: string;
                };
            };
        };
        responses: {
            /** @description What became of each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "replayed": 1,
                     *       "failed": 1,
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "outcome": "replayed",
                     *           "error": null
                     *         },
                     *         {
                     *           "id": "43",
                     *           "outcome": "failed",
                     *           "error": "Error: breaks the governance.system.registered schema: /id must match format \"uuid\""
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        replayed: number;
                        failed: number;
                        data: {
                            /** @description The dead letter id. */
                            id: string;
                            /** @enum {string} */
                            outcome: "replayed" | "failed";
                            /** @description Why the replay failed; null when it went through. */
                            error: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardDiscardDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Discarded. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardReplayDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What became of it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "outcome": "replayed",
                     *       "error": null
                     *     }
                     */
                    "application/json": {
                        /** @description The dead letter id. */
                        id: string;
                        /** @enum {string} */
                        outcome: "replayed" | "failed";
                        /** @description Why the replay failed; null when it went through. */
                        error: string | null;
                    };
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    identityListDeadLetters: {
        parameters: {
            query?: {
                topic?: string;
                consumer?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dead letters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "consumer_group": "webhooks.dispatcher",
                     *           "topic": "governance.system.registered",
                     *           "partition": 3,
                     *           "offset": "1187",
                     *           "event_id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *           "event_type": "system.registered",
                     *           "key": "org_01M80KHQC9DHV63SDEFT718QZ3",
                     *           "headers": {
                     *             "event-id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *             "event-type": "system.registered"
                     *           },
                     *           "payload": "{\"id\":\"sys-17\",\"organization_id\":\"org_01M80KHQC9DHV63SDEFT718QZ3\"}",
                     *           "reason": "contract",
                     *           "error": "breaks the governance.system.registered schema: /id must match format \"uuid\"",
                     *           "attempts": 1,
                     *           "first_seen_at": "2026-11-24T09:12:03.114Z",
                     *           "last_seen_at": "2026-11-24T09:12:03.114Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The dead letter id, for replay and discard. */
                            id: string;
                            /** @description `<service>.<consumer>` */
                            consumer_group: string;
                            /** @description The topic the record came from. */
                            topic: string;
                            /** @description The Kafka partition; 0 on the Postgres event log. */
                            partition: number;
                            /** @description The Kafka offset, or the position in the Postgres event log. */
                            offset: string;
                            /** @description The event-id header, as received. */
                            event_id: string;
                            /** @description The event-type header, as received. */
                            event_type: string;
                            /** @description The record key. */
                            key: string;
                            headers: {
                                [key: string]: string;
                            };
                            /** @description The record value, as received. */
                            payload: string;
                            /** @enum {string} */
                            reason: "malformed" | "contract" | "handler";
                            /** @description Why it was set aside, or why its last replay failed. */
                            error: string;
                            attempts: number;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    identityReplayDeadLetters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    topic: string;
                };
            };
        };
        responses: {
            /** @description What became of each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "replayed": 1,
                     *       "failed": 1,
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "outcome": "replayed",
                     *           "error": null
                     *         },
                     *         {
                     *           "id": "43",
                     *           "outcome": "failed",
                     *           "error": "Error: breaks the governance.system.registered schema: /id must match format \"uuid\""
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        replayed: number;
                        failed: number;
                        data: {
                            /** @description The dead letter id. */
                            id: string;
                            /** @enum {string} */
                            outcome: "replayed" | "failed";
                            /** @description Why the replay failed; null when it went through. */
                            error: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    identityDiscardDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Discarded. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    identityReplayDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What became of it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "outcome": "replayed",
                     *       "error": null
                     *     }
                     */
                    "application/json": {
                        /** @description The dead letter id. */
                        id: string;
                        /** @enum {string} */
                        outcome: "replayed" | "failed";
                        /** @description Why the replay failed; null when it went through. */
                        error: string | null;
                    };
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Admin_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * @description Webhooks need professional, federal or embedded.
                     * @enum {string}
                     */
                    plan: "free" | "professional" | "federal" | "embedded";
                    /**
                     * Format: email
                     * @description Who will own it: they get a setup link by email (also in the answer, `owner_setup_url`) that makes them its owner.
                     */
                    owner_email?: string;
                };
            };
        };
        responses: {
            /** @description The organization and its first API key. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *       "name": "Acme Insurance",
                     *       "plan": "professional",
                     *       "api_key": "sk_01JD5Y2B7C9D1E3F5G7H9J1K3N_Xq2v8Lr5Tn0Wb4Yc7Zd1Ae3Sf6Gh9JkLm2Np4Qr6St8",
                     *       "created_at": "2026-11-22T09:00:00.000Z",
                     *       "owner_setup_url": "https://governance.example.com/setup?token=Pa4Tz9Qm1Lx6Rv3Kc8Wn2Hd5Fs7Jb0Yg1Ue4Io6Nq8"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        plan: "free" | "professional" | "federal" | "embedded";
                        /** @description The API key, shown once, in this response only. Send it as `Authorization: Bearer <key>`. */
                        api_key: string;
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uri
                         * @description With `owner_email`: the one-time link that makes that person the owner, also emailed to them when SMTP is configured.
                         */
                        owner_setup_url?: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Admin_createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The organization id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new API key, shown once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "key_01JD5Y9P2Q4R6S8T0V2W4X6Y8Z",
                     *       "organization_id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *       "api_key": "sk_01JD5Y9P2Q4R6S8T0V2W4X6Y8Z_Mb6Nc2Pd8Qe4Rf0Sg6Th2Uj8Vk4Wl0XmYn3Zo5Ap7Bq",
                     *       "created_at": "2026-11-22T09:05:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        organization_id: string;
                        /** @description The API key, shown once, in this response only. Send it as `Authorization: Bearer <key>`. */
                        api_key: string;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AdminLinks_resetLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description The link, shown in this answer only. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "reset_url": "https://governance.example.com/reset-password?token=Xq2v8Lr5Tn0Wb4Yc7Zd1Ae3Sf6Gh9JkLm2Np4Qr6St8",
                     *       "expires_at": "2026-11-22T10:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uri
                         * @description A one-time link to choose a new password, for the operator to hand to the person.
                         */
                        reset_url: string;
                        /** Format: date-time */
                        expires_at: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no account has this email. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    policiesListDeadLetters: {
        parameters: {
            query?: {
                topic?: string;
                consumer?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dead letters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "consumer_group": "webhooks.dispatcher",
                     *           "topic": "governance.system.registered",
                     *           "partition": 3,
                     *           "offset": "1187",
                     *           "event_id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *           "event_type": "system.registered",
                     *           "key": "org_01M80KHQC9DHV63SDEFT718QZ3",
                     *           "headers": {
                     *             "event-id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *             "event-type": "system.registered"
                     *           },
                     *           "payload": "{\"id\":\"sys-17\",\"organization_id\":\"org_01M80KHQC9DHV63SDEFT718QZ3\"}",
                     *           "reason": "contract",
                     *           "error": "breaks the governance.system.registered schema: /id must match format \"uuid\"",
                     *           "attempts": 1,
                     *           "first_seen_at": "2026-11-24T09:12:03.114Z",
                     *           "last_seen_at": "2026-11-24T09:12:03.114Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The dead letter id, for replay and discard. */
                            id: string;
                            /** @description `<service>.<consumer>` */
                            consumer_group: string;
                            /** @description The topic the record came from. */
                            topic: string;
                            /** @description The Kafka partition; 0 on the Postgres event log. */
                            partition: number;
                            /** @description The Kafka offset, or the position in the Postgres event log. */
                            offset: string;
                            /** @description The event-id header, as received. */
                            event_id: string;
                            /** @description The event-type header, as received. */
                            event_type: string;
                            /** @description The record key. */
                            key: string;
                            headers: {
                                [key: string]: string;
                            };
                            /** @description The record value, as received. */
                            payload: string;
                            /** @enum {string} */
                            reason: "malformed" | "contract" | "handler";
                            /** @description Why it was set aside, or why its last replay failed. */
                            error: string;
                            attempts: number;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    policiesReplayDeadLetters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    topic: string;
                };
            };
        };
        responses: {
            /** @description What became of each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "replayed": 1,
                     *       "failed": 1,
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "outcome": "replayed",
                     *           "error": null
                     *         },
                     *         {
                     *           "id": "43",
                     *           "outcome": "failed",
                     *           "error": "Error: breaks the governance.system.registered schema: /id must match format \"uuid\""
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        replayed: number;
                        failed: number;
                        data: {
                            /** @description The dead letter id. */
                            id: string;
                            /** @enum {string} */
                            outcome: "replayed" | "failed";
                            /** @description Why the replay failed; null when it went through. */
                            error: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    policiesDiscardDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Discarded. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    policiesReplayDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What became of it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "outcome": "replayed",
                     *       "error": null
                     *     }
                     */
                    "application/json": {
                        /** @description The dead letter id. */
                        id: string;
                        /** @enum {string} */
                        outcome: "replayed" | "failed";
                        /** @description Why the replay failed; null when it went through. */
                        error: string | null;
                    };
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    probeIngestListDeadLetters: {
        parameters: {
            query?: {
                topic?: string;
                consumer?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dead letters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "consumer_group": "webhooks.dispatcher",
                     *           "topic": "governance.system.registered",
                     *           "partition": 3,
                     *           "offset": "1187",
                     *           "event_id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *           "event_type": "system.registered",
                     *           "key": "org_01M80KHQC9DHV63SDEFT718QZ3",
                     *           "headers": {
                     *             "event-id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *             "event-type": "system.registered"
                     *           },
                     *           "payload": "{\"id\":\"sys-17\",\"organization_id\":\"org_01M80KHQC9DHV63SDEFT718QZ3\"}",
                     *           "reason": "contract",
                     *           "error": "breaks the governance.system.registered schema: /id must match format \"uuid\"",
                     *           "attempts": 1,
                     *           "first_seen_at": "2026-11-24T09:12:03.114Z",
                     *           "last_seen_at": "2026-11-24T09:12:03.114Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The dead letter id, for replay and discard. */
                            id: string;
                            /** @description `<service>.<consumer>` */
                            consumer_group: string;
                            /** @description The topic the record came from. */
                            topic: string;
                            /** @description The Kafka partition; 0 on the Postgres event log. */
                            partition: number;
                            /** @description The Kafka offset, or the position in the Postgres event log. */
                            offset: string;
                            /** @description The event-id header, as received. */
                            event_id: string;
                            /** @description The event-type header, as received. */
                            event_type: string;
                            /** @description The record key. */
                            key: string;
                            headers: {
                                [key: string]: string;
                            };
                            /** @description The record value, as received. */
                            payload: string;
                            /** @enum {string} */
                            reason: "malformed" | "contract" | "handler";
                            /** @description Why it was set aside, or why its last replay failed. */
                            error: string;
                            attempts: number;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    probeIngestReplayDeadLetters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    topic: string;
                };
            };
        };
        responses: {
            /** @description What became of each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "replayed": 1,
                     *       "failed": 1,
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "outcome": "replayed",
                     *           "error": null
                     *         },
                     *         {
                     *           "id": "43",
                     *           "outcome": "failed",
                     *           "error": "Error: breaks the governance.system.registered schema: /id must match format \"uuid\""
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        replayed: number;
                        failed: number;
                        data: {
                            /** @description The dead letter id. */
                            id: string;
                            /** @enum {string} */
                            outcome: "replayed" | "failed";
                            /** @description Why the replay failed; null when it went through. */
                            error: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    probeIngestDiscardDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Discarded. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    probeIngestReplayDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What became of it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "outcome": "replayed",
                     *       "error": null
                     *     }
                     */
                    "application/json": {
                        /** @description The dead letter id. */
                        id: string;
                        /** @enum {string} */
                        outcome: "replayed" | "failed";
                        /** @description Why the replay failed; null when it went through. */
                        error: string | null;
                    };
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportsListDeadLetters: {
        parameters: {
            query?: {
                topic?: string;
                consumer?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dead letters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "consumer_group": "webhooks.dispatcher",
                     *           "topic": "governance.system.registered",
                     *           "partition": 3,
                     *           "offset": "1187",
                     *           "event_id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *           "event_type": "system.registered",
                     *           "key": "org_01M80KHQC9DHV63SDEFT718QZ3",
                     *           "headers": {
                     *             "event-id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *             "event-type": "system.registered"
                     *           },
                     *           "payload": "{\"id\":\"sys-17\",\"organization_id\":\"org_01M80KHQC9DHV63SDEFT718QZ3\"}",
                     *           "reason": "contract",
                     *           "error": "breaks the governance.system.registered schema: /id must match format \"uuid\"",
                     *           "attempts": 1,
                     *           "first_seen_at": "2026-11-24T09:12:03.114Z",
                     *           "last_seen_at": "2026-11-24T09:12:03.114Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The dead letter id, for replay and discard. */
                            id: string;
                            /** @description `<service>.<consumer>` */
                            consumer_group: string;
                            /** @description The topic the record came from. */
                            topic: string;
                            /** @description The Kafka partition; 0 on the Postgres event log. */
                            partition: number;
                            /** @description The Kafka offset, or the position in the Postgres event log. */
                            offset: string;
                            /** @description The event-id header, as received. */
                            event_id: string;
                            /** @description The event-type header, as received. */
                            event_type: string;
                            /** @description The record key. */
                            key: string;
                            headers: {
                                [key: string]: string;
                            };
                            /** @description The record value, as received. */
                            payload: string;
                            /** @enum {string} */
                            reason: "malformed" | "contract" | "handler";
                            /** @description Why it was set aside, or why its last replay failed. */
                            error: string;
                            attempts: number;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportsReplayDeadLetters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    topic: string;
                };
            };
        };
        responses: {
            /** @description What became of each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "replayed": 1,
                     *       "failed": 1,
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "outcome": "replayed",
                     *           "error": null
                     *         },
                     *         {
                     *           "id": "43",
                     *           "outcome": "failed",
                     *           "error": "Error: breaks the governance.system.registered schema: /id must match format \"uuid\""
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        replayed: number;
                        failed: number;
                        data: {
                            /** @description The dead letter id. */
                            id: string;
                            /** @enum {string} */
                            outcome: "replayed" | "failed";
                            /** @description Why the replay failed; null when it went through. */
                            error: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportsDiscardDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Discarded. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reportsReplayDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What became of it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "outcome": "replayed",
                     *       "error": null
                     *     }
                     */
                    "application/json": {
                        /** @description The dead letter id. */
                        id: string;
                        /** @enum {string} */
                        outcome: "replayed" | "failed";
                        /** @description Why the replay failed; null when it went through. */
                        error: string | null;
                    };
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AdminLinks_setupLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link, shown in this answer only. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "setup_url": "https://governance.example.com/setup?token=Xq2v8Lr5Tn0Wb4Yc7Zd1Ae3Sf6Gh9JkLm2Np4Qr6St8",
                     *       "expires_at": "2026-11-29T09:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uri
                         * @description The first-start link, to open in a browser; it retires every earlier one and works once.
                         */
                        setup_url: string;
                        /** Format: date-time */
                        expires_at: string;
                    };
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: someone has an account already; people are invited from now on. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    systemsListDeadLetters: {
        parameters: {
            query?: {
                topic?: string;
                consumer?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dead letters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "consumer_group": "webhooks.dispatcher",
                     *           "topic": "governance.system.registered",
                     *           "partition": 3,
                     *           "offset": "1187",
                     *           "event_id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *           "event_type": "system.registered",
                     *           "key": "org_01M80KHQC9DHV63SDEFT718QZ3",
                     *           "headers": {
                     *             "event-id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *             "event-type": "system.registered"
                     *           },
                     *           "payload": "{\"id\":\"sys-17\",\"organization_id\":\"org_01M80KHQC9DHV63SDEFT718QZ3\"}",
                     *           "reason": "contract",
                     *           "error": "breaks the governance.system.registered schema: /id must match format \"uuid\"",
                     *           "attempts": 1,
                     *           "first_seen_at": "2026-11-24T09:12:03.114Z",
                     *           "last_seen_at": "2026-11-24T09:12:03.114Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The dead letter id, for replay and discard. */
                            id: string;
                            /** @description `<service>.<consumer>` */
                            consumer_group: string;
                            /** @description The topic the record came from. */
                            topic: string;
                            /** @description The Kafka partition; 0 on the Postgres event log. */
                            partition: number;
                            /** @description The Kafka offset, or the position in the Postgres event log. */
                            offset: string;
                            /** @description The event-id header, as received. */
                            event_id: string;
                            /** @description The event-type header, as received. */
                            event_type: string;
                            /** @description The record key. */
                            key: string;
                            headers: {
                                [key: string]: string;
                            };
                            /** @description The record value, as received. */
                            payload: string;
                            /** @enum {string} */
                            reason: "malformed" | "contract" | "handler";
                            /** @description Why it was set aside, or why its last replay failed. */
                            error: string;
                            attempts: number;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    systemsReplayDeadLetters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    topic: string;
                };
            };
        };
        responses: {
            /** @description What became of each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "replayed": 1,
                     *       "failed": 1,
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "outcome": "replayed",
                     *           "error": null
                     *         },
                     *         {
                     *           "id": "43",
                     *           "outcome": "failed",
                     *           "error": "Error: breaks the governance.system.registered schema: /id must match format \"uuid\""
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        replayed: number;
                        failed: number;
                        data: {
                            /** @description The dead letter id. */
                            id: string;
                            /** @enum {string} */
                            outcome: "replayed" | "failed";
                            /** @description Why the replay failed; null when it went through. */
                            error: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    systemsDiscardDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Discarded. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    systemsReplayDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What became of it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "outcome": "replayed",
                     *       "error": null
                     *     }
                     */
                    "application/json": {
                        /** @description The dead letter id. */
                        id: string;
                        /** @enum {string} */
                        outcome: "replayed" | "failed";
                        /** @description Why the replay failed; null when it went through. */
                        error: string | null;
                    };
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooksListDeadLetters: {
        parameters: {
            query?: {
                topic?: string;
                consumer?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dead letters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "consumer_group": "webhooks.dispatcher",
                     *           "topic": "governance.system.registered",
                     *           "partition": 3,
                     *           "offset": "1187",
                     *           "event_id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *           "event_type": "system.registered",
                     *           "key": "org_01M80KHQC9DHV63SDEFT718QZ3",
                     *           "headers": {
                     *             "event-id": "01a20138-dd8c-7223-94e7-14dfc0350ce0",
                     *             "event-type": "system.registered"
                     *           },
                     *           "payload": "{\"id\":\"sys-17\",\"organization_id\":\"org_01M80KHQC9DHV63SDEFT718QZ3\"}",
                     *           "reason": "contract",
                     *           "error": "breaks the governance.system.registered schema: /id must match format \"uuid\"",
                     *           "attempts": 1,
                     *           "first_seen_at": "2026-11-24T09:12:03.114Z",
                     *           "last_seen_at": "2026-11-24T09:12:03.114Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The dead letter id, for replay and discard. */
                            id: string;
                            /** @description `<service>.<consumer>` */
                            consumer_group: string;
                            /** @description The topic the record came from. */
                            topic: string;
                            /** @description The Kafka partition; 0 on the Postgres event log. */
                            partition: number;
                            /** @description The Kafka offset, or the position in the Postgres event log. */
                            offset: string;
                            /** @description The event-id header, as received. */
                            event_id: string;
                            /** @description The event-type header, as received. */
                            event_type: string;
                            /** @description The record key. */
                            key: string;
                            headers: {
                                [key: string]: string;
                            };
                            /** @description The record value, as received. */
                            payload: string;
                            /** @enum {string} */
                            reason: "malformed" | "contract" | "handler";
                            /** @description Why it was set aside, or why its last replay failed. */
                            error: string;
                            attempts: number;
                            /** Format: date-time */
                            first_seen_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooksReplayDeadLetters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    topic: string;
                };
            };
        };
        responses: {
            /** @description What became of each. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "replayed": 1,
                     *       "failed": 1,
                     *       "data": [
                     *         {
                     *           "id": "42",
                     *           "outcome": "replayed",
                     *           "error": null
                     *         },
                     *         {
                     *           "id": "43",
                     *           "outcome": "failed",
                     *           "error": "Error: breaks the governance.system.registered schema: /id must match format \"uuid\""
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        replayed: number;
                        failed: number;
                        data: {
                            /** @description The dead letter id. */
                            id: string;
                            /** @enum {string} */
                            outcome: "replayed" | "failed";
                            /** @description Why the replay failed; null when it went through. */
                            error: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooksDiscardDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Discarded. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhooksReplayDeadLetter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dead letter id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What became of it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "42",
                     *       "outcome": "replayed",
                     *       "error": null
                     *     }
                     */
                    "application/json": {
                        /** @description The dead letter id. */
                        id: string;
                        /** @enum {string} */
                        outcome: "replayed" | "failed";
                        /** @description Why the replay failed; null when it went through. */
                        error: string | null;
                    };
                };
            };
            /** @description `unauthorized`: the admin token is missing or wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ApiKeys_list: {
        parameters: {
            query?: {
                include?: "revoked";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "key_01JD61B2C3D4E5F6G7H8J9KMNP",
                     *           "name": "CI pipeline",
                     *           "scope": "read_only",
                     *           "created_by": {
                     *             "type": "user",
                     *             "id": "usr_01JD60Z9Y8X7W6V5T4S3R2Q1P0"
                     *           },
                     *           "created_at": "2026-11-22T09:20:00.000Z",
                     *           "last_used_at": "2026-11-22T10:02:00.000Z",
                     *           "revoked_at": null
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            scope: "full" | "read_only" | "probe";
                            /** @description Who created the key; null for keys issued through the admin API. */
                            created_by: {
                                /** @enum {string} */
                                type: "user" | "api_key";
                                /** @description `usr_…` for a person, `key_…` for an API key. */
                                id: string;
                            } | null;
                            /** Format: date-time */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description When the key was last used, to within a minute or so.
                             */
                            last_used_at: string | null;
                            /** Format: date-time */
                            revoked_at: string | null;
                        }[];
                        /** @description Pass it as `cursor` to read the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: only owners and admins (or a `full` key) manage API keys. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ApiKeys_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the key is for, so it can be told apart and revoked later. */
                    name: string;
                    /**
                     * @description `full` acts as an admin, `read_only` as a viewer, `probe` calls the probe endpoints only.
                     * @enum {string}
                     */
                    scope: "full" | "read_only" | "probe";
                };
            };
        };
        responses: {
            /** @description The new key, shown once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "key_01JD61B2C3D4E5F6G7H8J9KMNP",
                     *       "name": "CI pipeline",
                     *       "scope": "read_only",
                     *       "created_by": {
                     *         "type": "user",
                     *         "id": "usr_01JD60Z9Y8X7W6V5T4S3R2Q1P0"
                     *       },
                     *       "created_at": "2026-11-22T09:20:00.000Z",
                     *       "last_used_at": null,
                     *       "revoked_at": null,
                     *       "api_key": "sk_01JD61B2C3D4E5F6G7H8J9KMNP_Hk3Lm9Np2Qr5St8Uv1Wx4Yz7Ab0Cd3Ef6Gh9Jk2Mn5P"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        scope: "full" | "read_only" | "probe";
                        /** @description Who created the key; null for keys issued through the admin API. */
                        created_by: {
                            /** @enum {string} */
                            type: "user" | "api_key";
                            /** @description `usr_…` for a person, `key_…` for an API key. */
                            id: string;
                        } | null;
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When the key was last used, to within a minute or so.
                         */
                        last_used_at: string | null;
                        /** Format: date-time */
                        revoked_at: string | null;
                        /** @description The API key, shown once, in this response only. Send it as `Authorization: Bearer <key>`. */
                        api_key: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: only owners and admins (or a `full` key) manage API keys. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ApiKeys_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API key id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: only owners and admins (or a `full` key) manage API keys. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Assessments_list: {
        parameters: {
            query?: {
                system_id?: string;
                status?: "queued" | "running" | "complete" | "failed";
                verdict?: "pass" | "conditional" | "fail";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of assessments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "asmnt_01JD61F5G6H7J8K9M0N1P2Q3R4",
                     *           "system_id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *           "framework": "EU_AI_ACT",
                     *           "title": "Claims Triage AI policy",
                     *           "status": "complete",
                     *           "progress": 100,
                     *           "error": null,
                     *           "verdict": "conditional",
                     *           "score": 0.72,
                     *           "findings_count": 4,
                     *           "high_findings": 1,
                     *           "medium_findings": 3,
                     *           "report_url": "https://governance.example.com/api/service/reports/assessments/asmnt_01JD61F5G6H7J8K9M0N1P2Q3R4",
                     *           "created_at": "2026-11-22T10:20:00.000Z",
                     *           "completed_at": "2026-11-22T10:20:04.000Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: string;
                            system_id: string;
                            framework: string;
                            /** @description The document's title; for an uploaded file, its name. */
                            title: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "complete" | "failed";
                            /** @description Percent of the work done. */
                            progress: number;
                            /** @description Why the assessment failed; null unless `failed`. */
                            error: string | null;
                            /**
                             * @description Set once `complete`.
                             * @enum {string|null}
                             */
                            verdict: "pass" | "conditional" | "fail" | null;
                            /** @description Set once `complete`. */
                            score: number | null;
                            findings_count: number | null;
                            high_findings: number | null;
                            medium_findings: number | null;
                            /**
                             * Format: uri
                             * @description Set once `complete`.
                             */
                            report_url: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            completed_at: string | null;
                        }[];
                        /** @description Pass it as `cursor` to read the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Assessments_submit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "system_id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                 *       "framework": "EU_AI_ACT",
                 *       "document": {
                 *         "title": "Claims Triage AI policy",
                 *         "content": "# AI policy\n\n## Risk management\n\n…"
                 *       }
                 *     }
                 */
                "application/json": {
                    system_id: string;
                    /**
                     * @description A template id from `GET /api/service/assess/templates`.
                     * @enum {string}
                     */
                    framework: "EU_AI_ACT" | "NIST_AI_RMF" | "ISO_42001";
                    document: {
                        title: string;
                        content: string;
                    };
                };
                "multipart/form-data": {
                    system_id: string;
                    /** @enum {string} */
                    framework: "EU_AI_ACT" | "NIST_AI_RMF" | "ISO_42001";
                    /**
                     * Format: binary
                     * @description A PDF (.pdf), Word (.docx), Markdown (.md) or text (.txt) document of at most 10485760 bytes; its file name becomes the title.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The assessment is queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "asmnt_01JD61F5G6H7J8K9M0N1P2Q3R4",
                     *       "status": "queued"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "queued";
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no system with this `system_id`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the system is retired. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the document is larger than 10 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: neither JSON nor a form, or a file that is not PDF, Word, Markdown or text. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `validation_failed`: the file cannot be read as the document it claims to be, or not within the limits on its size, inflation, memory and time; `details[0].message` says which. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `too_many_requests`: too many files are being read at once; see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Assessments_stream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_acceptable`: a stream answers only a request that accepts `text/event-stream`. */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Templates_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every framework. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "EU_AI_ACT",
                     *           "key": "EU_AI_ACT",
                     *           "name": "EU Artificial Intelligence Act",
                     *           "version": "2024/1689",
                     *           "control_count": 24,
                     *           "description": "Obligations for providers and deployers of high-risk AI systems."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            /**
                             * @description The framework key; pass it as `framework`.
                             * @enum {string}
                             */
                            id: "EU_AI_ACT" | "NIST_AI_RMF" | "ISO_42001";
                            /** @enum {string} */
                            key: "EU_AI_ACT" | "NIST_AI_RMF" | "ISO_42001";
                            name: string;
                            version: string;
                            control_count: number;
                            description: string;
                        }[];
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Assessments_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The assessment id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The assessment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "asmnt_01JD61F5G6H7J8K9M0N1P2Q3R4",
                     *       "system_id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *       "framework": "EU_AI_ACT",
                     *       "title": "Claims Triage AI policy",
                     *       "status": "complete",
                     *       "progress": 100,
                     *       "error": null,
                     *       "verdict": "conditional",
                     *       "score": 0.72,
                     *       "findings_count": 4,
                     *       "high_findings": 1,
                     *       "medium_findings": 3,
                     *       "report_url": "https://governance.example.com/api/service/reports/assessments/asmnt_01JD61F5G6H7J8K9M0N1P2Q3R4",
                     *       "created_at": "2026-11-22T10:20:00.000Z",
                     *       "completed_at": "2026-11-22T10:20:04.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        system_id: string;
                        framework: string;
                        /** @description The document's title; for an uploaded file, its name. */
                        title: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "complete" | "failed";
                        /** @description Percent of the work done. */
                        progress: number;
                        /** @description Why the assessment failed; null unless `failed`. */
                        error: string | null;
                        /**
                         * @description Set once `complete`.
                         * @enum {string|null}
                         */
                        verdict: "pass" | "conditional" | "fail" | null;
                        /** @description Set once `complete`. */
                        score: number | null;
                        findings_count: number | null;
                        high_findings: number | null;
                        medium_findings: number | null;
                        /**
                         * Format: uri
                         * @description Set once `complete`.
                         */
                        report_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        completed_at: string | null;
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Assessments_findings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The assessment id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The findings, in control order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "finding_id": "fnd_01JD61F9K0M1N2P3Q4R5S6T7V8",
                     *           "control": "EU_AI_ACT:ART-9.1",
                     *           "framework": "EU_AI_ACT",
                     *           "title": "Risk management system",
                     *           "description": "A risk management system is established, documented and maintained.",
                     *           "status": "partial",
                     *           "severity": "HIGH",
                     *           "evidence": [
                     *             {
                     *               "quote": "Risks are reviewed every quarter.",
                     *               "section": "Risk management",
                     *               "line": 5,
                     *               "offset": 48,
                     *               "context_before": "The risk register lists each known risk and its owner. ",
                     *               "context_after": " Residual risks are accepted by the board."
                     *             }
                     *           ],
                     *           "remediation_id": "rem_01JD61F9K0M1N2P3Q4R5S6T7V9",
                     *           "remediation": "Describe how risks are identified, estimated and mitigated across the lifecycle."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            finding_id: string;
                            /** @description `<FRAMEWORK_KEY>:<control_id>`. */
                            control: string;
                            framework: string;
                            title: string;
                            description: string;
                            /**
                             * @description How far the document meets the control.
                             * @enum {string}
                             */
                            status: "met" | "partial" | "missing";
                            /** @enum {string} */
                            severity: "INFO" | "MEDIUM" | "HIGH" | "CRITICAL";
                            /** @description The passages of the document that bear on the control. */
                            evidence: {
                                /** @description The passage, verbatim. */
                                quote: string;
                                /** @description The title of the section it sits in. */
                                section: string;
                                /** @description 1-based line of its first character in the document text. */
                                line: number;
                                /** @description Character offset of its first character in the document text. */
                                offset: number;
                                /** @description The text just before the quote, within its paragraph (at most 200 characters, from a word start): `context_before + quote + context_after` is a verbatim part of the document. Empty for findings written before this field existed. */
                                context_before: string;
                                /** @description The text just after the quote, likewise. */
                                context_after: string;
                            }[];
                            remediation_id: string;
                            /** @description What to add to the document to meet the control. */
                            remediation: string;
                        }[];
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Audit_list: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                actor?: string;
                actor_type?: "user" | "api_key" | "service";
                action?: string;
                target_type?: string;
                target_id?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0193b1c2-7d4e-7a10-9c3e-5f2a1b0c9d8e",
                     *           "organization_id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *           "seq": 42,
                     *           "occurred_at": "2026-11-22T09:10:00.000Z",
                     *           "actor_type": "user",
                     *           "actor_id": "usr_01JD5Y7M3N5P7Q9R1S3T5V7W9X",
                     *           "service": "systems",
                     *           "action": "system.updated",
                     *           "target_type": "system",
                     *           "target_id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *           "address": "203.0.113.7",
                     *           "user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)",
                     *           "before": {
                     *             "risk_tier": "unclassified"
                     *           },
                     *           "after": {
                     *             "risk_tier": "high"
                     *           },
                     *           "previous_hash": "9f2c4e1a7b3d5f6081726354a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e",
                     *           "hash": "3b7e1f0c2d4a6b8c9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f"
                     *         }
                     *       ],
                     *       "next_cursor": "WyIyMDI2LTExLTIyVDA5OjEwOjAwLjAwMFoiLCI0MiJd"
                     *     }
                     */
                    "application/json": {
                        data: {
                            /**
                             * Format: uuid
                             * @description The id of the event that recorded the change.
                             */
                            id: string;
                            organization_id: string;
                            /** @description Position in the organization’s chain: 1, 2, 3… without gaps. */
                            seq: number;
                            /**
                             * Format: date-time
                             * @description When the change happened.
                             */
                            occurred_at: string;
                            /** @enum {string} */
                            actor_type: "user" | "api_key" | "service";
                            /** @description A user id, a key id, or the name of the service that acted on its own. */
                            actor_id: string;
                            /** @description The service that made the change. */
                            service: string;
                            action: string;
                            target_type: string;
                            target_id: string;
                            /** @description The client address of the request. */
                            address: string | null;
                            user_agent: string | null;
                            /** @description The changed fields before or after the change; never a secret. */
                            before: {
                                [key: string]: unknown;
                            } | null;
                            /** @description The changed fields before or after the change; never a secret. */
                            after: {
                                [key: string]: unknown;
                            } | null;
                            /** @description The hash of the entry before this one (64 zeros for the first). */
                            previous_hash: string;
                            /** @description sha256 of `previous_hash` followed by the canonical JSON of the entry. */
                            hash: string;
                        }[];
                        /** @description Pass it as `cursor` to read the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the role or key scope does not allow `audit:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Audit_export: {
        parameters: {
            query: {
                format: "csv" | "json";
                actor?: string;
                actor_type?: "user" | "api_key" | "service";
                action?: string;
                target_type?: string;
                target_id?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entries as a file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/json": Record<string, never>[];
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the role or key scope does not allow `audit:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Audit_verify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether the chain holds. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "entries": 42,
                     *       "head": {
                     *         "seq": 42,
                     *         "hash": "3b7e1f0c2d4a6b8c9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f"
                     *       },
                     *       "checkpoint": null
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description Entries recomputed. */
                        entries: number;
                        /** @description The last entry (seq 0 and 64 zeros when none). */
                        head: {
                            seq: number;
                            /** @description The entry’s hash. */
                            hash: string;
                        };
                        /** @description The last entry retention deleted, where verification starts; null when none was. */
                        checkpoint: {
                            seq: number;
                            /** @description The entry’s hash. */
                            hash: string;
                        } | null;
                    } | {
                        /** @enum {boolean} */
                        ok: false;
                        first_broken: {
                            seq: number;
                            /**
                             * Format: uuid
                             * @description Null when the entry is missing.
                             */
                            id: string | null;
                            /** @enum {string} */
                            reason: "hash_mismatch" | "missing_entry" | "previous_hash_mismatch";
                        };
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the role or key scope does not allow `audit:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SignIn_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description The person and their organizations; the cookies are set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "usr_01JD5Y2B7C9D1E3F5G7H9J1K3P",
                     *         "email": "ada@acme.example",
                     *         "name": "Ada Lovelace"
                     *       },
                     *       "organizations": [
                     *         {
                     *           "id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *           "name": "Acme Insurance",
                     *           "role": "owner"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        user: {
                            id: string;
                            /** Format: email */
                            email: string;
                            name: string;
                        };
                        /** @description The organizations the person belongs to, oldest first. */
                        organizations: {
                            /** @description The organization. */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "editor" | "viewer" | "auditor";
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the email or the password is wrong. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `csrf_rejected`: sent by a page of another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `too_many_requests`: too many failed sign-ins for this account or address; see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SignIn_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out; the cookies are cleared. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `csrf_rejected`: a browser request without the CSRF token or Origin. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SignIn_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in person. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "usr_01JD5Y2B7C9D1E3F5G7H9J1K3P",
                     *         "email": "ada@acme.example",
                     *         "name": "Ada Lovelace"
                     *       },
                     *       "organizations": [
                     *         {
                     *           "id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *           "name": "Acme Insurance",
                     *           "role": "owner"
                     *         }
                     *       ],
                     *       "session": {
                     *         "id": "ses_01JD5Z0A1B2C3D4E5F6G7H8J9K",
                     *         "created_at": "2026-11-22T09:00:00.000Z",
                     *         "last_seen_at": "2026-11-22T10:30:00.000Z",
                     *         "idle_expires_at": "2026-11-22T22:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        user: {
                            id: string;
                            /** Format: email */
                            email: string;
                            name: string;
                        };
                        organizations: {
                            /** @description The organization. */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "editor" | "viewer" | "auditor";
                        }[];
                        session: {
                            id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                            /**
                             * Format: date-time
                             * @description When the session ends unless used before: `last_seen_at` plus the idle timeout.
                             */
                            idle_expires_at: string;
                        };
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Passwords_change: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    /** @description At least 12 characters, not among the most common passwords, not the email address. */
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description The password is changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed`: a bad field; `new_password` names what the policy refuses (too short, too common, the email address). A wrong `current_password` is named the same way. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `csrf_rejected`: a browser request without the CSRF token or Origin. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `too_many_requests`: too many failed attempts for this account or address; see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Passwords_requestReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Accepted: a link is on its way if the email has an account. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "If this email has an account, a link to reset its password is on its way"
                     *     }
                     */
                    "application/json": {
                        /** @description The same whether or not the email has an account. */
                        message: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `csrf_rejected`: sent by a page of another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `too_many_requests`: too many reset requests for this email or address; see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Passwords_confirmReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The `token` parameter of the emailed link. */
                    token: string;
                    /** @description At least 12 characters, not among the most common passwords, not the email address. */
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description The password is set. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed`: a bad field; `new_password` names what the policy refuses (too short, too common, the email address). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `csrf_rejected`: sent by a page of another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `link_invalid`: the one-time link is unknown, used or expired (`details.reason`). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SignIn_sessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The open sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "ses_01JD5Z0A1B2C3D4E5F6G7H8J9K",
                     *           "created_at": "2026-11-22T09:00:00.000Z",
                     *           "last_seen_at": "2026-11-22T10:30:00.000Z",
                     *           "idle_expires_at": "2026-11-22T22:30:00.000Z",
                     *           "address": "203.0.113.7",
                     *           "user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) Firefox/133.0",
                     *           "current": true
                     *         },
                     *         {
                     *           "id": "ses_01JD4A7M2N3P4Q5R6S7T8V9W0X",
                     *           "created_at": "2026-11-20T14:12:00.000Z",
                     *           "last_seen_at": "2026-11-21T08:01:00.000Z",
                     *           "idle_expires_at": "2026-11-21T20:01:00.000Z",
                     *           "address": "198.51.100.23",
                     *           "user_agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1",
                     *           "current": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            last_seen_at: string;
                            /**
                             * Format: date-time
                             * @description When the session ends unless used before: `last_seen_at` plus the idle timeout.
                             */
                            idle_expires_at: string;
                            /** @description The address it signed in from. */
                            address: string | null;
                            user_agent: string | null;
                            /** @description Whether it is the session of this request. */
                            current: boolean;
                        }[];
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SignIn_end: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session is ended. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `csrf_rejected`: a browser request without the CSRF token or Origin. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Setup_status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether setup is pending. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "setup_pending": false
                     *     }
                     */
                    "application/json": {
                        /** @description True while nobody has an account: the first owner signs up with the setup link `npm start` printed. */
                        setup_pending: boolean;
                    };
                };
            };
        };
    };
    Setup_setup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The `token` parameter of the setup link. */
                    token: string;
                    /**
                     * Format: email
                     * @description With a link for an organization, the address it was sent to.
                     */
                    email: string;
                    /** @description The person’s name; kept as it is when the account exists already. */
                    name: string;
                    /** @description At least 12 characters, not among the most common passwords, not the email address. */
                    password: string;
                    /** @description Required with the first-start link, which creates the organization; ignored otherwise. */
                    organization_name?: string | null;
                };
            };
        };
        responses: {
            /** @description The owner, signed in; the cookies are set. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "usr_01JD5Y2B7C9D1E3F5G7H9J1K3P",
                     *         "email": "ada@acme.example",
                     *         "name": "Ada Lovelace"
                     *       },
                     *       "organizations": [
                     *         {
                     *           "id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *           "name": "Acme Insurance",
                     *           "role": "owner"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        user: {
                            id: string;
                            /** Format: email */
                            email: string;
                            name: string;
                        };
                        /** @description The organizations the person belongs to, oldest first. */
                        organizations: {
                            /** @description The organization. */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "editor" | "viewer" | "auditor";
                        }[];
                    };
                };
            };
            /** @description `validation_failed`: a bad field, the password refused by the policy, `email` not the link’s, or `organization_name` missing with the first-start link. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `csrf_rejected`: sent by a page of another site (`Origin`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: an account with this email exists already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `link_invalid`: the link is unknown, used or expired, or setup is done already. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `too_many_requests`: too many wrong passwords for the existing account; see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SsoSignIn_callback: {
        parameters: {
            query: {
                code?: string;
                state: string;
                error?: string;
                error_description?: string;
                iss?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the console, signed in, or to its sign-in page with `?error=<code>`. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed`: no `state`, or neither `code` nor `error`: not a callback. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SsoSignIn_discover: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether to offer “Sign in with SSO”. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "sso": true,
                     *       "organization_name": "Acme Insurance"
                     *     }
                     */
                    "application/json": {
                        /** @description Whether this email signs in with SSO. */
                        sso: boolean;
                        /** @description The organization it signs in to. */
                        organization_name?: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SsoSignIn_start: {
        parameters: {
            query?: {
                email?: string;
                organization?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider’s authorization endpoint. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no organization with SSO enabled for this email’s domain, or of this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the organization’s provider cannot be reached. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Dashboard_activity: {
        parameters: {
            query?: {
                event?: "finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered";
                exclude_event?: "finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered";
                system_id?: string;
                policy_id?: string;
                severity?: "INFO" | "MEDIUM" | "HIGH" | "CRITICAL";
                since?: string;
                with_total?: "true" | "false";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of activity. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "019374c0-1a2b-7c3d-8e4f-5a6b7c8d9e0f",
                     *           "event": "probe.disconnected",
                     *           "severity": "HIGH",
                     *           "system_id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *           "summary": "Probe edge-1 disconnected after 6 minutes of silence",
                     *           "count": 1,
                     *           "timestamp": "2026-11-22T10:59:41.000Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            /**
                             * Format: uuid
                             * @description The event id (of the newest, for grouped findings).
                             */
                            id: string;
                            /** @enum {string} */
                            event: "finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered";
                            /**
                             * @description For grouped findings, the highest among them.
                             * @enum {string}
                             */
                            severity: "INFO" | "MEDIUM" | "HIGH" | "CRITICAL";
                            system_id: string | null;
                            /** @description One sentence for people. */
                            summary: string;
                            /** @description Events this entry stands for: the findings of one assessment are one entry. */
                            count: number;
                            /** Format: date-time */
                            timestamp: string;
                        }[];
                        /** @description Pass it as `cursor` to read the next page; null on the last page. */
                        next_cursor: string | null;
                        /** @description Entries matching the filters, with `with_total=true`. */
                        total?: number;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Dashboard_complianceStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A badge per framework. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "framework": "EU_AI_ACT",
                     *           "name": "EU Artificial Intelligence Act",
                     *           "status": "conditional",
                     *           "score": 0.72,
                     *           "systems_assessed": 3,
                     *           "last_assessed_at": "2026-11-22T10:20:04.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            framework: string;
                            name: string;
                            /** @enum {string} */
                            status: "pass" | "conditional" | "fail" | "not_assessed";
                            /** @description Mean score of the systems’ latest assessments; null when not assessed. */
                            score: number | null;
                            systems_assessed: number;
                            /** Format: date-time */
                            last_assessed_at: string | null;
                        }[];
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Dashboard_stream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_acceptable`: a stream answers only a request that accepts `text/event-stream`. */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Dashboard_summary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The summary. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "governance_score": 79.3,
                     *       "average_assessment_score": 0.72,
                     *       "score_breakdown": {
                     *         "state": "scored",
                     *         "compliance": {
                     *           "weight": 40,
                     *           "value": 0.67,
                     *           "points": 26.8,
                     *           "detail": "2 of 3 frameworks passing"
                     *         },
                     *         "findings": {
                     *           "weight": 25,
                     *           "value": 0.8,
                     *           "points": 20,
                     *           "detail": "1 high and 3 medium findings open"
                     *         },
                     *         "inventory_coverage": {
                     *           "weight": 15,
                     *           "value": 0.9,
                     *           "points": 13.5,
                     *           "detail": "9 of 10 systems declared"
                     *         },
                     *         "runtime_health": {
                     *           "weight": 20,
                     *           "value": 0.95,
                     *           "points": 19,
                     *           "detail": "19 of 20 probes connected"
                     *         }
                     *       },
                     *       "systems": {
                     *         "total": 10,
                     *         "declared": 9,
                     *         "shadow": 1,
                     *         "by_risk_tier": {
                     *           "unacceptable": 0,
                     *           "high": 3,
                     *           "limited": 4,
                     *           "minimal": 2,
                     *           "unclassified": 1
                     *         },
                     *         "by_status": {
                     *           "active": 10,
                     *           "retired": 0
                     *         }
                     *       },
                     *       "probes": {
                     *         "total": 20,
                     *         "connected": 19,
                     *         "disconnected": 1
                     *       },
                     *       "findings": {
                     *         "open": 4,
                     *         "by_severity": {
                     *           "INFO": 0,
                     *           "MEDIUM": 3,
                     *           "HIGH": 1,
                     *           "CRITICAL": 0
                     *         }
                     *       },
                     *       "compliance": {
                     *         "frameworks_assessed": 3,
                     *         "passing": 2,
                     *         "conditional": 1,
                     *         "failing": 0
                     *       },
                     *       "policies": {
                     *         "active": 12,
                     *         "block": 4,
                     *         "warn": 8
                     *       },
                     *       "violations_24h": 2,
                     *       "drift_alerts_7d": 1,
                     *       "updated_at": "2026-11-22T10:59:41.000Z"
                     *     }
                     */
                    "application/json": {
                        governance_score: number;
                        /** @description Mean score, 0 to 1, of the latest completed assessment of each system and framework: the executive report's headline figure for the same assessments. null before any. */
                        average_assessment_score: number | null;
                        /** @description How the score is made up. */
                        score_breakdown: {
                            /**
                             * @description `onboarding` until the organization has something to score.
                             * @enum {string}
                             */
                            state: "onboarding" | "scored";
                            compliance: {
                                /** @description Points this component can add to the score. */
                                weight: number;
                                /** @description null while onboarding. */
                                value: number | null;
                                /** @description weight × value, to one decimal. */
                                points: number;
                                detail: string;
                            };
                            findings: {
                                /** @description Points this component can add to the score. */
                                weight: number;
                                /** @description null while onboarding. */
                                value: number | null;
                                /** @description weight × value, to one decimal. */
                                points: number;
                                detail: string;
                            };
                            inventory_coverage: {
                                /** @description Points this component can add to the score. */
                                weight: number;
                                /** @description null while onboarding. */
                                value: number | null;
                                /** @description weight × value, to one decimal. */
                                points: number;
                                detail: string;
                            };
                            runtime_health: {
                                /** @description Points this component can add to the score. */
                                weight: number;
                                /** @description null while onboarding. */
                                value: number | null;
                                /** @description weight × value, to one decimal. */
                                points: number;
                                detail: string;
                            };
                        };
                        systems: {
                            total: number;
                            declared: number;
                            /** @description Discovered, not declared. */
                            shadow: number;
                            by_risk_tier: {
                                unacceptable: number;
                                high: number;
                                limited: number;
                                minimal: number;
                                unclassified: number;
                            };
                            by_status: {
                                active: number;
                                retired: number;
                            };
                        };
                        probes: {
                            total: number;
                            connected: number;
                            disconnected: number;
                        };
                        findings: {
                            open: number;
                            by_severity: {
                                INFO: number;
                                MEDIUM: number;
                                HIGH: number;
                                CRITICAL: number;
                            };
                        };
                        compliance: {
                            frameworks_assessed: number;
                            passing: number;
                            conditional: number;
                            failing: number;
                        };
                        policies: {
                            active: number;
                            block: number;
                            warn: number;
                        };
                        /** @description policy.violated events in the last 24 hours (configurable). */
                        violations_24h: number;
                        /** @description drift.detected events in the last 7 days (configurable). */
                        drift_alerts_7d: number;
                        /**
                         * Format: date-time
                         * @description Time of the newest event applied; null before any.
                         */
                        updated_at: string | null;
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Invitations_list: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of invitations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "inv_01JD62C3D4E5F6G7H8J9KMNPQR",
                     *           "email": "sam.okafor@example.com",
                     *           "role": "editor",
                     *           "invited_by": {
                     *             "type": "user",
                     *             "id": "usr_01JD60Z9Y8X7W6V5T4S3R2Q1P0"
                     *           },
                     *           "created_at": "2026-11-22T09:30:00.000Z",
                     *           "expires_at": "2026-11-29T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "editor" | "viewer" | "auditor";
                            /** @description Who invited; null when nobody in the organization did. */
                            invited_by: {
                                /** @enum {string} */
                                type: "user" | "api_key";
                                /** @description `usr_…` for a person, `key_…` for an API key. */
                                id: string;
                            } | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            expires_at: string;
                        }[];
                        /** @description Pass it as `cursor` to read the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Invitations_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /**
                     * @description The role the person gets on accepting; only an owner invites an owner.
                     * @enum {string}
                     */
                    role: "owner" | "admin" | "editor" | "viewer" | "auditor";
                };
            };
        };
        responses: {
            /** @description The invitation. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "inv_01JD62C3D4E5F6G7H8J9KMNPQR",
                     *       "email": "sam.okafor@example.com",
                     *       "role": "editor",
                     *       "invited_by": {
                     *         "type": "user",
                     *         "id": "usr_01JD60Z9Y8X7W6V5T4S3R2Q1P0"
                     *       },
                     *       "created_at": "2026-11-22T09:30:00.000Z",
                     *       "expires_at": "2026-11-29T09:30:00.000Z",
                     *       "accept_url": "https://governance.example.com/invitations/accept?token=Yq3Wm8Pz1Lk6Rb0Tc5Vn2Xs7Hd4Jf9Ge3Ua8Oi2Ek5N"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        email: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "editor" | "viewer" | "auditor";
                        /** @description Who invited; null when nobody in the organization did. */
                        invited_by: {
                            /** @enum {string} */
                            type: "user" | "api_key";
                            /** @description `usr_…` for a person, `key_…` for an API key. */
                            id: string;
                        } | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expires_at: string;
                        /**
                         * Format: uri
                         * @description The one-time acceptance link, present only when the email was not sent (no SMTP server configured, or sending failed): hand it to the person yourself. It is never shown again.
                         */
                        accept_url?: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: only owners and admins (or a `full` key) invite, and only an owner invites an owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the person is already a member, or has a pending invitation. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    InvitationAcceptance_accept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token of the invitation link. */
                    token: string;
                    /** @description The new account’s name; required when no account has the invited email. */
                    name?: string | null;
                    /** @description A new account’s password (at least 12 characters, not a common one), or the existing account’s password. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Signed in as a member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "usr_01JD62D4E5F6G7H8J9KMNPQRST",
                     *         "email": "sam.okafor@example.com",
                     *         "name": "Sam Okafor"
                     *       },
                     *       "organization": {
                     *         "id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *         "name": "Acme Insurance"
                     *       },
                     *       "role": "editor"
                     *     }
                     */
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            name: string;
                        };
                        organization: {
                            id: string;
                            name: string;
                        };
                        /** @enum {string} */
                        role: "owner" | "admin" | "editor" | "viewer" | "auditor";
                    };
                };
            };
            /** @description `validation_failed`: a bad field, a new account without `name`, or a password too weak. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the password is not the existing account’s. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no invitation has this token. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the person is already a member. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invitation_expired`, `invitation_revoked` or `invitation_accepted`: the link no longer works; an expired or revoked one needs a new invitation. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `too_many_requests`: too many failed password checks for this account or address; see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    InvitationAcceptance_lookup: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "organization": {
                     *         "id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *         "name": "Acme Insurance"
                     *       },
                     *       "email": "sam.okafor@example.com",
                     *       "role": "editor",
                     *       "expires_at": "2026-11-29T09:30:00.000Z",
                     *       "account_exists": false
                     *     }
                     */
                    "application/json": {
                        organization: {
                            id: string;
                            name: string;
                        };
                        email: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "editor" | "viewer" | "auditor";
                        /** Format: date-time */
                        expires_at: string;
                        /** @description true: accepting takes the account’s password; false: a name and a new password. */
                        account_exists: boolean;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no invitation has this token. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invitation_expired`, `invitation_revoked` or `invitation_accepted`: the link no longer works; an expired or revoked one needs a new invitation. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Invitations_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invitation id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: only owners and admins (or a `full` key) invite, and only an owner invites an owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the invitation was already accepted; remove the member instead. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Members_list: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "usr_01JD60Z9Y8X7W6V5T4S3R2Q1P0",
                     *           "email": "dana.reyes@example.com",
                     *           "name": "Dana Reyes",
                     *           "role": "editor",
                     *           "joined_at": "2026-11-22T09:15:00.000Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The person’s user id. */
                            id: string;
                            email: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "editor" | "viewer" | "auditor";
                            /**
                             * Format: date-time
                             * @description When the person joined this organization.
                             */
                            joined_at: string;
                        }[];
                        /** @description Pass it as `cursor` to read the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Members_leave: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Left. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the organization’s last owner can be neither demoted nor removed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Members_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller may not manage members, or only an owner may make this change (an owner’s role, appointing an owner, removing an owner). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the organization’s last owner can be neither demoted nor removed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Members_changeRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Only an owner makes someone owner or changes an owner’s role.
                     * @enum {string}
                     */
                    role: "owner" | "admin" | "editor" | "viewer" | "auditor";
                    /** @description Why: recorded in the audit trail with the change. */
                    reason?: string | null;
                };
            };
        };
        responses: {
            /** @description The member with their new role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "usr_01JD60Z9Y8X7W6V5T4S3R2Q1P0",
                     *       "email": "dana.reyes@example.com",
                     *       "name": "Dana Reyes",
                     *       "role": "editor",
                     *       "joined_at": "2026-11-22T09:15:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @description The person’s user id. */
                        id: string;
                        email: string;
                        name: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "editor" | "viewer" | "auditor";
                        /**
                         * Format: date-time
                         * @description When the person joined this organization.
                         */
                        joined_at: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller may not manage members, or only an owner may make this change (an owner’s role, appointing an owner, removing an owner). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the organization’s last owner can be neither demoted nor removed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OrganizationSettings_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *       "name": "Acme Insurance Group",
                     *       "plan": "professional",
                     *       "created_at": "2026-11-22T09:00:00.000Z",
                     *       "sso": {
                     *         "enabled": true,
                     *         "issuer": "https://acme.okta.com/oauth2/default"
                     *       }
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        plan: "free" | "professional" | "federal" | "embedded";
                        /** Format: date-time */
                        created_at: string;
                        /** @description A summary; `GET /api/service/sso` gives the whole configuration. */
                        sso: {
                            /** @description Whether people can sign in with SSO now. */
                            enabled: boolean;
                            /** @description The OpenID Provider, when SSO is configured. */
                            issuer: string | null;
                        };
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OrganizationSettings_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The organization’s new name. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The renamed organization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *       "name": "Acme Insurance Group",
                     *       "plan": "professional",
                     *       "created_at": "2026-11-22T09:00:00.000Z",
                     *       "sso": {
                     *         "enabled": true,
                     *         "issuer": "https://acme.okta.com/oauth2/default"
                     *       }
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        plan: "free" | "professional" | "federal" | "embedded";
                        /** Format: date-time */
                        created_at: string;
                        /** @description A summary; `GET /api/service/sso` gives the whole configuration. */
                        sso: {
                            /** @description Whether people can sign in with SSO now. */
                            enabled: boolean;
                            /** @description The OpenID Provider, when SSO is configured. */
                            issuer: string | null;
                        };
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Policies_list: {
        parameters: {
            query?: {
                status?: "active" | "disabled";
                enforcement_mode?: "BLOCK" | "WARN";
                framework?: "EU_AI_ACT" | "NIST_AI_RMF" | "ISO_42001";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of policies. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "pol_01JD62A3B4C5D6E7F8G9H0J1K2",
                     *           "name": "No personal data to external models",
                     *           "description": "Block calls that carry a detected e-mail address to a public AI API.",
                     *           "enforcement_mode": "BLOCK",
                     *           "status": "active",
                     *           "severity": "CRITICAL",
                     *           "severity_by_mode": true,
                     *           "rules": {
                     *             "all": [
                     *               {
                     *                 "field": "labels.pii",
                     *                 "op": "eq",
                     *                 "value": "email"
                     *               },
                     *               {
                     *                 "field": "observed_endpoint",
                     *                 "op": "contains",
                     *                 "value": "api.openai.com"
                     *               }
                     *             ]
                     *           },
                     *           "scope": {
                     *             "all_systems": true
                     *           },
                     *           "framework": null,
                     *           "control": null,
                     *           "version": 1,
                     *           "created_at": "2026-11-22T10:30:00.000Z",
                     *           "updated_at": "2026-11-22T10:30:00.000Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string | null;
                            /** @enum {string} */
                            enforcement_mode: "BLOCK" | "WARN";
                            /** @enum {string} */
                            status: "active" | "disabled";
                            /** @enum {string} */
                            severity: "INFO" | "MEDIUM" | "HIGH" | "CRITICAL";
                            /** @description True when the severity was left out at creation: it follows the mode (CRITICAL for BLOCK, HIGH for WARN), also when the mode is switched. */
                            severity_by_mode: boolean;
                            /** @description A condition over one telemetry record, true when the record VIOLATES the policy. A leaf compares one field (`model`, `observed_endpoint`, `metrics.<name>` or `labels.<name>`); `all`, `any` and `not` combine conditions. */
                            rules: {
                                field: string;
                                /** @enum {string} */
                                op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "not_in" | "contains" | "exists" | "matches";
                                /** @description Absent for `exists`; a list for `in` and `not_in`; a regular expression for `matches`. */
                                value?: unknown;
                            } | {
                                all: Record<string, never>[];
                            } | {
                                any: Record<string, never>[];
                            } | {
                                /** @description A condition, of any of these forms. */
                                not: Record<string, never>;
                            };
                            /** @description Every system of the organization, or the listed ones. */
                            scope: {
                                /** @enum {boolean} */
                                all_systems: true;
                            } | {
                                system_ids: string[];
                            };
                            /** @description The framework key of an imported policy. */
                            framework: string | null;
                            /** @description `<FRAMEWORK_KEY>:<control_id>` of an imported policy. */
                            control: string | null;
                            /** @description Grows with every change. */
                            version: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        /** @description Pass it as `cursor` to read the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Policies_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string | null;
                    /**
                     * @description Read in any letter case (`Block`, `warn`); shown upper-case.
                     * @enum {string}
                     */
                    enforcement_mode: "BLOCK" | "WARN";
                    /**
                     * @description `active` when left out.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    /** @description A condition over one telemetry record, true when the record VIOLATES the policy. A leaf compares one field (`model`, `observed_endpoint`, `metrics.<name>` or `labels.<name>`); `all`, `any` and `not` combine conditions. */
                    rules: {
                        field: string;
                        /** @enum {string} */
                        op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "not_in" | "contains" | "exists" | "matches";
                        /** @description Absent for `exists`; a list for `in` and `not_in`; a regular expression for `matches`. */
                        value?: unknown;
                    } | {
                        all: Record<string, never>[];
                    } | {
                        any: Record<string, never>[];
                    } | {
                        /** @description A condition, of any of these forms. */
                        not: Record<string, never>;
                    };
                    /** @description Every system of the organization, or the listed ones. Every system when left out. */
                    scope?: {
                        /** @enum {boolean} */
                        all_systems: true;
                    } | {
                        system_ids: string[];
                    };
                    /**
                     * @description The severity of its violations; HIGH for WARN and CRITICAL for BLOCK when left out.
                     * @enum {string}
                     */
                    severity?: "HIGH" | "CRITICAL";
                };
            };
        };
        responses: {
            /** @description The policy. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pol_01JD62A3B4C5D6E7F8G9H0J1K2",
                     *       "name": "No personal data to external models",
                     *       "description": "Block calls that carry a detected e-mail address to a public AI API.",
                     *       "enforcement_mode": "BLOCK",
                     *       "status": "active",
                     *       "severity": "CRITICAL",
                     *       "severity_by_mode": true,
                     *       "rules": {
                     *         "all": [
                     *           {
                     *             "field": "labels.pii",
                     *             "op": "eq",
                     *             "value": "email"
                     *           },
                     *           {
                     *             "field": "observed_endpoint",
                     *             "op": "contains",
                     *             "value": "api.openai.com"
                     *           }
                     *         ]
                     *       },
                     *       "scope": {
                     *         "all_systems": true
                     *       },
                     *       "framework": null,
                     *       "control": null,
                     *       "version": 1,
                     *       "created_at": "2026-11-22T10:30:00.000Z",
                     *       "updated_at": "2026-11-22T10:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        /** @enum {string} */
                        enforcement_mode: "BLOCK" | "WARN";
                        /** @enum {string} */
                        status: "active" | "disabled";
                        /** @enum {string} */
                        severity: "INFO" | "MEDIUM" | "HIGH" | "CRITICAL";
                        /** @description True when the severity was left out at creation: it follows the mode (CRITICAL for BLOCK, HIGH for WARN), also when the mode is switched. */
                        severity_by_mode: boolean;
                        /** @description A condition over one telemetry record, true when the record VIOLATES the policy. A leaf compares one field (`model`, `observed_endpoint`, `metrics.<name>` or `labels.<name>`); `all`, `any` and `not` combine conditions. */
                        rules: {
                            field: string;
                            /** @enum {string} */
                            op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "not_in" | "contains" | "exists" | "matches";
                            /** @description Absent for `exists`; a list for `in` and `not_in`; a regular expression for `matches`. */
                            value?: unknown;
                        } | {
                            all: Record<string, never>[];
                        } | {
                            any: Record<string, never>[];
                        } | {
                            /** @description A condition, of any of these forms. */
                            not: Record<string, never>;
                        };
                        /** @description Every system of the organization, or the listed ones. */
                        scope: {
                            /** @enum {boolean} */
                            all_systems: true;
                        } | {
                            system_ids: string[];
                        };
                        /** @description The framework key of an imported policy. */
                        framework: string | null;
                        /** @description `<FRAMEWORK_KEY>:<control_id>` of an imported policy. */
                        control: string | null;
                        /** @description Grows with every change. */
                        version: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: a policy of this name already exists. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Policies_importFramework: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The framework key, in any letter case. */
                id: "EU_AI_ACT" | "NIST_AI_RMF" | "ISO_42001";
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Read in any letter case (`Block`, `warn`); shown upper-case.
                     * @enum {string}
                     */
                    enforcement_mode?: "BLOCK" | "WARN";
                    /** @description Why: recorded in the audit trail with the change. */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Every policy of the framework was already imported. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        framework: "EU_AI_ACT" | "NIST_AI_RMF" | "ISO_42001";
                        created: {
                            id: string;
                            name: string;
                            description: string | null;
                            /** @enum {string} */
                            enforcement_mode: "BLOCK" | "WARN";
                            /** @enum {string} */
                            status: "active" | "disabled";
                            /** @enum {string} */
                            severity: "INFO" | "MEDIUM" | "HIGH" | "CRITICAL";
                            /** @description True when the severity was left out at creation: it follows the mode (CRITICAL for BLOCK, HIGH for WARN), also when the mode is switched. */
                            severity_by_mode: boolean;
                            /** @description A condition over one telemetry record, true when the record VIOLATES the policy. A leaf compares one field (`model`, `observed_endpoint`, `metrics.<name>` or `labels.<name>`); `all`, `any` and `not` combine conditions. */
                            rules: {
                                field: string;
                                /** @enum {string} */
                                op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "not_in" | "contains" | "exists" | "matches";
                                /** @description Absent for `exists`; a list for `in` and `not_in`; a regular expression for `matches`. */
                                value?: unknown;
                            } | {
                                all: Record<string, never>[];
                            } | {
                                any: Record<string, never>[];
                            } | {
                                /** @description A condition, of any of these forms. */
                                not: Record<string, never>;
                            };
                            /** @description Every system of the organization, or the listed ones. */
                            scope: {
                                /** @enum {boolean} */
                                all_systems: true;
                            } | {
                                system_ids: string[];
                            };
                            /** @description The framework key of an imported policy. */
                            framework: string | null;
                            /** @description `<FRAMEWORK_KEY>:<control_id>` of an imported policy. */
                            control: string | null;
                            /** @description Grows with every change. */
                            version: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        /** @description The controls whose policy the organization had imported before. */
                        already_imported: string[];
                        created_count: number;
                        already_imported_count: number;
                    };
                };
            };
            /** @description At least one policy was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "framework": "EU_AI_ACT",
                     *       "created": [
                     *         {
                     *           "id": "pol_01JD62C5D6E7F8G9H0J1K2M3N4",
                     *           "name": "EU AI Act Art. 12: record-keeping",
                     *           "description": "Every call carries the request id the logs need.",
                     *           "enforcement_mode": "WARN",
                     *           "status": "active",
                     *           "severity": "HIGH",
                     *           "severity_by_mode": true,
                     *           "rules": {
                     *             "not": {
                     *               "field": "labels.request_id",
                     *               "op": "exists"
                     *             }
                     *           },
                     *           "scope": {
                     *             "all_systems": true
                     *           },
                     *           "framework": "EU_AI_ACT",
                     *           "control": "EU_AI_ACT:ART-12.1",
                     *           "version": 1,
                     *           "created_at": "2026-11-22T10:30:00.000Z",
                     *           "updated_at": "2026-11-22T10:30:00.000Z"
                     *         }
                     *       ],
                     *       "already_imported": [],
                     *       "created_count": 1,
                     *       "already_imported_count": 0
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        framework: "EU_AI_ACT" | "NIST_AI_RMF" | "ISO_42001";
                        created: {
                            id: string;
                            name: string;
                            description: string | null;
                            /** @enum {string} */
                            enforcement_mode: "BLOCK" | "WARN";
                            /** @enum {string} */
                            status: "active" | "disabled";
                            /** @enum {string} */
                            severity: "INFO" | "MEDIUM" | "HIGH" | "CRITICAL";
                            /** @description True when the severity was left out at creation: it follows the mode (CRITICAL for BLOCK, HIGH for WARN), also when the mode is switched. */
                            severity_by_mode: boolean;
                            /** @description A condition over one telemetry record, true when the record VIOLATES the policy. A leaf compares one field (`model`, `observed_endpoint`, `metrics.<name>` or `labels.<name>`); `all`, `any` and `not` combine conditions. */
                            rules: {
                                field: string;
                                /** @enum {string} */
                                op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "not_in" | "contains" | "exists" | "matches";
                                /** @description Absent for `exists`; a list for `in` and `not_in`; a regular expression for `matches`. */
                                value?: unknown;
                            } | {
                                all: Record<string, never>[];
                            } | {
                                any: Record<string, never>[];
                            } | {
                                /** @description A condition, of any of these forms. */
                                not: Record<string, never>;
                            };
                            /** @description Every system of the organization, or the listed ones. */
                            scope: {
                                /** @enum {boolean} */
                                all_systems: true;
                            } | {
                                system_ids: string[];
                            };
                            /** @description The framework key of an imported policy. */
                            framework: string | null;
                            /** @description `<FRAMEWORK_KEY>:<control_id>` of an imported policy. */
                            control: string | null;
                            /** @description Grows with every change. */
                            version: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        /** @description The controls whose policy the organization had imported before. */
                        already_imported: string[];
                        created_count: number;
                        already_imported_count: number;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no framework with this key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the request collides with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Policies_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The policy id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pol_01JD62A3B4C5D6E7F8G9H0J1K2",
                     *       "name": "No personal data to external models",
                     *       "description": "Block calls that carry a detected e-mail address to a public AI API.",
                     *       "enforcement_mode": "BLOCK",
                     *       "status": "active",
                     *       "severity": "CRITICAL",
                     *       "severity_by_mode": true,
                     *       "rules": {
                     *         "all": [
                     *           {
                     *             "field": "labels.pii",
                     *             "op": "eq",
                     *             "value": "email"
                     *           },
                     *           {
                     *             "field": "observed_endpoint",
                     *             "op": "contains",
                     *             "value": "api.openai.com"
                     *           }
                     *         ]
                     *       },
                     *       "scope": {
                     *         "all_systems": true
                     *       },
                     *       "framework": null,
                     *       "control": null,
                     *       "version": 1,
                     *       "created_at": "2026-11-22T10:30:00.000Z",
                     *       "updated_at": "2026-11-22T10:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        /** @enum {string} */
                        enforcement_mode: "BLOCK" | "WARN";
                        /** @enum {string} */
                        status: "active" | "disabled";
                        /** @enum {string} */
                        severity: "INFO" | "MEDIUM" | "HIGH" | "CRITICAL";
                        /** @description True when the severity was left out at creation: it follows the mode (CRITICAL for BLOCK, HIGH for WARN), also when the mode is switched. */
                        severity_by_mode: boolean;
                        /** @description A condition over one telemetry record, true when the record VIOLATES the policy. A leaf compares one field (`model`, `observed_endpoint`, `metrics.<name>` or `labels.<name>`); `all`, `any` and `not` combine conditions. */
                        rules: {
                            field: string;
                            /** @enum {string} */
                            op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "not_in" | "contains" | "exists" | "matches";
                            /** @description Absent for `exists`; a list for `in` and `not_in`; a regular expression for `matches`. */
                            value?: unknown;
                        } | {
                            all: Record<string, never>[];
                        } | {
                            any: Record<string, never>[];
                        } | {
                            /** @description A condition, of any of these forms. */
                            not: Record<string, never>;
                        };
                        /** @description Every system of the organization, or the listed ones. */
                        scope: {
                            /** @enum {boolean} */
                            all_systems: true;
                        } | {
                            system_ids: string[];
                        };
                        /** @description The framework key of an imported policy. */
                        framework: string | null;
                        /** @description `<FRAMEWORK_KEY>:<control_id>` of an imported policy. */
                        control: string | null;
                        /** @description Grows with every change. */
                        version: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Policies_delete: {
        parameters: {
            query?: {
                version?: number;
                reason?: string;
            };
            header?: never;
            path: {
                /** @description The policy id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the policy changed since `version` (`details.current_version`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Policies_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The policy id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /**
                     * @description Read in any letter case (`Block`, `warn`); shown upper-case.
                     * @enum {string}
                     */
                    enforcement_mode?: "BLOCK" | "WARN";
                    /** @description A condition over one telemetry record, true when the record VIOLATES the policy. A leaf compares one field (`model`, `observed_endpoint`, `metrics.<name>` or `labels.<name>`); `all`, `any` and `not` combine conditions. */
                    rules?: {
                        field: string;
                        /** @enum {string} */
                        op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "not_in" | "contains" | "exists" | "matches";
                        /** @description Absent for `exists`; a list for `in` and `not_in`; a regular expression for `matches`. */
                        value?: unknown;
                    } | {
                        all: Record<string, never>[];
                    } | {
                        any: Record<string, never>[];
                    } | {
                        /** @description A condition, of any of these forms. */
                        not: Record<string, never>;
                    };
                    /** @description The `version` the change is based on. When the policy has moved on since, the answer is 409 `conflict` and nothing changes. */
                    version?: number;
                    /** @description Why the change is made; the audit trail records it. */
                    reason?: string;
                    description?: string | null;
                    /**
                     * @description `disabled` stops its enforcement and its sync to probes; `active` resumes.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    /** @description Every system of the organization, or the listed ones. */
                    scope?: {
                        /** @enum {boolean} */
                        all_systems: true;
                    } | {
                        system_ids: string[];
                    };
                    /** @enum {string} */
                    severity?: "HIGH" | "CRITICAL";
                };
            };
        };
        responses: {
            /** @description The policy, at its new version when something changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pol_01JD62A3B4C5D6E7F8G9H0J1K2",
                     *       "name": "No personal data to external models",
                     *       "description": "Block calls that carry a detected e-mail address to a public AI API.",
                     *       "enforcement_mode": "BLOCK",
                     *       "status": "disabled",
                     *       "severity": "CRITICAL",
                     *       "severity_by_mode": true,
                     *       "rules": {
                     *         "field": "labels.pii",
                     *         "op": "in",
                     *         "value": [
                     *           "email",
                     *           "phone"
                     *         ]
                     *       },
                     *       "scope": {
                     *         "all_systems": true
                     *       },
                     *       "framework": null,
                     *       "control": null,
                     *       "version": 2,
                     *       "created_at": "2026-11-22T10:30:00.000Z",
                     *       "updated_at": "2026-11-22T11:05:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        /** @enum {string} */
                        enforcement_mode: "BLOCK" | "WARN";
                        /** @enum {string} */
                        status: "active" | "disabled";
                        /** @enum {string} */
                        severity: "INFO" | "MEDIUM" | "HIGH" | "CRITICAL";
                        /** @description True when the severity was left out at creation: it follows the mode (CRITICAL for BLOCK, HIGH for WARN), also when the mode is switched. */
                        severity_by_mode: boolean;
                        /** @description A condition over one telemetry record, true when the record VIOLATES the policy. A leaf compares one field (`model`, `observed_endpoint`, `metrics.<name>` or `labels.<name>`); `all`, `any` and `not` combine conditions. */
                        rules: {
                            field: string;
                            /** @enum {string} */
                            op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "not_in" | "contains" | "exists" | "matches";
                            /** @description Absent for `exists`; a list for `in` and `not_in`; a regular expression for `matches`. */
                            value?: unknown;
                        } | {
                            all: Record<string, never>[];
                        } | {
                            any: Record<string, never>[];
                        } | {
                            /** @description A condition, of any of these forms. */
                            not: Record<string, never>;
                        };
                        /** @description Every system of the organization, or the listed ones. */
                        scope: {
                            /** @enum {boolean} */
                            all_systems: true;
                        } | {
                            system_ids: string[];
                        };
                        /** @description The framework key of an imported policy. */
                        framework: string | null;
                        /** @description `<FRAMEWORK_KEY>:<control_id>` of an imported policy. */
                        control: string | null;
                        /** @description Grows with every change. */
                        version: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: another policy has this name (`details.field` is `name`), or the policy changed since `version` (`details.current_version` says to what). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Policies_setEnforcement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The policy id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Read in any letter case (`Block`, `warn`); shown upper-case.
                     * @enum {string}
                     */
                    enforcement_mode?: "BLOCK" | "WARN";
                    /** @description Why: recorded in the audit trail with the change. */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The policy in its new mode. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pol_01JD62A3B4C5D6E7F8G9H0J1K2",
                     *       "name": "No personal data to external models",
                     *       "description": "Block calls that carry a detected e-mail address to a public AI API.",
                     *       "enforcement_mode": "WARN",
                     *       "status": "active",
                     *       "severity": "CRITICAL",
                     *       "severity_by_mode": true,
                     *       "rules": {
                     *         "all": [
                     *           {
                     *             "field": "labels.pii",
                     *             "op": "eq",
                     *             "value": "email"
                     *           },
                     *           {
                     *             "field": "observed_endpoint",
                     *             "op": "contains",
                     *             "value": "api.openai.com"
                     *           }
                     *         ]
                     *       },
                     *       "scope": {
                     *         "all_systems": true
                     *       },
                     *       "framework": null,
                     *       "control": null,
                     *       "version": 2,
                     *       "created_at": "2026-11-22T10:30:00.000Z",
                     *       "updated_at": "2026-11-22T10:45:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        /** @enum {string} */
                        enforcement_mode: "BLOCK" | "WARN";
                        /** @enum {string} */
                        status: "active" | "disabled";
                        /** @enum {string} */
                        severity: "INFO" | "MEDIUM" | "HIGH" | "CRITICAL";
                        /** @description True when the severity was left out at creation: it follows the mode (CRITICAL for BLOCK, HIGH for WARN), also when the mode is switched. */
                        severity_by_mode: boolean;
                        /** @description A condition over one telemetry record, true when the record VIOLATES the policy. A leaf compares one field (`model`, `observed_endpoint`, `metrics.<name>` or `labels.<name>`); `all`, `any` and `not` combine conditions. */
                        rules: {
                            field: string;
                            /** @enum {string} */
                            op: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "in" | "not_in" | "contains" | "exists" | "matches";
                            /** @description Absent for `exists`; a list for `in` and `not_in`; a regular expression for `matches`. */
                            value?: unknown;
                        } | {
                            all: Record<string, never>[];
                        } | {
                            any: Record<string, never>[];
                        } | {
                            /** @description A condition, of any of these forms. */
                            not: Record<string, never>;
                        };
                        /** @description Every system of the organization, or the listed ones. */
                        scope: {
                            /** @enum {boolean} */
                            all_systems: true;
                        } | {
                            system_ids: string[];
                        };
                        /** @description The framework key of an imported policy. */
                        framework: string | null;
                        /** @description `<FRAMEWORK_KEY>:<control_id>` of an imported policy. */
                        control: string | null;
                        /** @description Grows with every change. */
                        version: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Probes_heartbeat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    probe_id: string;
                    /** @enum {string} */
                    status: "healthy" | "degraded" | "unhealthy";
                    version?: string;
                    uptime_seconds?: number;
                    queue_depth?: number;
                };
            };
        };
        responses: {
            /** @description The heartbeat is recorded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "probe_id": "prb_01JD60C3D4E5F6G7H8J9KMNPQR",
                     *       "received_at": "2026-11-22T10:14:30.000Z"
                     *     }
                     */
                    "application/json": {
                        probe_id: string;
                        /** Format: date-time */
                        received_at: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no probe with this `probe_id`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PolicySync_sync: {
        parameters: {
            query: {
                probe_id: string;
            };
            header?: {
                /** @description The ETag of the last answer. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The probe’s policies; the ETag header names this version. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "probe_id": "prb_01JD60C3D4E5F6G7H8J9KMNPQR",
                     *       "system_id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *       "version": "9f2c1e0b7a4d4c8e8b1f3a6d5e7c9b20",
                     *       "policies": [
                     *         {
                     *           "policy_id": "pol_01JD61F2G3H4J5K6M7N8P9QRST",
                     *           "name": "No toxic output",
                     *           "description": null,
                     *           "enforcement_mode": "BLOCK",
                     *           "rules": {
                     *             "field": "metrics.toxicity",
                     *             "op": "gt",
                     *             "value": 0.8
                     *           },
                     *           "framework": null,
                     *           "control": null,
                     *           "version": 2,
                     *           "updated_at": "2026-11-22T10:02:11.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        probe_id: string;
                        /** @description The system the probe watches; the policies are those that apply to it. */
                        system_id: string;
                        /** @description Opaque; changes whenever a policy joins or leaves the set or changes. The ETag is this value, quoted. */
                        version: string;
                        policies: {
                            policy_id: string;
                            name: string;
                            description: string | null;
                            /** @enum {string} */
                            enforcement_mode: "BLOCK" | "WARN";
                            /** @description The condition over one telemetry record, true when the record violates the policy. */
                            rules: Record<string, never>;
                            framework: string | null;
                            control: string | null;
                            /** @description Starts at 1 and grows with every change of the policy. */
                            version: number;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Not modified: If-None-Match names the current version. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no probe with this `probe_id`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Probes_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The probe id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The probe. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "probe_id": "prb_01JD60C3D4E5F6G7H8J9KMNPQR",
                     *       "system_id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *       "probe_name": "edge-1",
                     *       "host": "claims-1.internal",
                     *       "runtime": "python3.12",
                     *       "environment": "production",
                     *       "version": "1.4.0",
                     *       "registered_at": "2026-11-22T09:12:00.000Z",
                     *       "status": "healthy",
                     *       "uptime_seconds": 86400,
                     *       "queue_depth": 0,
                     *       "last_heartbeat_at": "2026-11-22T10:14:30.000Z",
                     *       "last_telemetry_at": "2026-11-22T10:14:58.000Z",
                     *       "connection": "connected"
                     *     }
                     */
                    "application/json": {
                        probe_id: string;
                        system_id: string;
                        probe_name: string;
                        host: string;
                        runtime: string | null;
                        environment: string | null;
                        version: string | null;
                        /** Format: date-time */
                        registered_at: string;
                        /**
                         * @description From the last heartbeat; null before the first one.
                         * @enum {string|null}
                         */
                        status: "healthy" | "degraded" | "unhealthy" | null;
                        uptime_seconds: number | null;
                        queue_depth: number | null;
                        /** Format: date-time */
                        last_heartbeat_at: string | null;
                        /** Format: date-time */
                        last_telemetry_at: string | null;
                        /**
                         * @description `disconnected` once the probe has sent no telemetry for longer than the silence limit (5 minutes by default).
                         * @enum {string}
                         */
                        connection: "connected" | "disconnected";
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Probes_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description With `host`, identifies the probe: registering the same pair again is idempotent. */
                    probe_name: string;
                    /** @description The system the probe watches, by name: found, or registered (`registration_source: probe`) when new. Give exactly one of `system_name` and `system_id`. */
                    system_name?: string;
                    /** @description The system the probe watches, by id. Give exactly one of `system_name` and `system_id`. */
                    system_id?: string;
                    host: string;
                    runtime?: string;
                    environment?: string;
                    version?: string;
                };
            };
        };
        responses: {
            /** @description The probe was already registered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "probe_id": "prb_01JD60C3D4E5F6G7H8J9KMNPQR",
                     *       "system_id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *       "probe_name": "edge-1",
                     *       "host": "claims-1.internal",
                     *       "runtime": "python3.12",
                     *       "environment": "production",
                     *       "version": "1.4.0",
                     *       "registered_at": "2026-11-22T09:12:00.000Z"
                     *     }
                     */
                    "application/json": {
                        probe_id: string;
                        system_id: string;
                        probe_name: string;
                        host: string;
                        runtime: string | null;
                        environment: string | null;
                        version: string | null;
                        /** Format: date-time */
                        registered_at: string;
                    };
                };
            };
            /** @description The probe was registered. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "probe_id": "prb_01JD60C3D4E5F6G7H8J9KMNPQR",
                     *       "system_id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *       "probe_name": "edge-1",
                     *       "host": "claims-1.internal",
                     *       "runtime": "python3.12",
                     *       "environment": "production",
                     *       "version": "1.4.0",
                     *       "registered_at": "2026-11-22T09:12:00.000Z"
                     *     }
                     */
                    "application/json": {
                        probe_id: string;
                        system_id: string;
                        probe_name: string;
                        host: string;
                        runtime: string | null;
                        environment: string | null;
                        version: string | null;
                        /** Format: date-time */
                        registered_at: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no system with this `system_id`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    TelemetrySeries_read: {
        parameters: {
            query?: {
                bucket?: "hour" | "day";
                since?: string;
                until?: string;
            };
            header?: never;
            path: {
                /** @description The system id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "system_id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *       "bucket": "hour",
                     *       "since": "2026-11-22T08:00:00.000Z",
                     *       "until": "2026-11-22T10:00:00.000Z",
                     *       "points": [
                     *         {
                     *           "start": "2026-11-22T08:00:00.000Z",
                     *           "latency_p50_ms": 243.6,
                     *           "latency_p95_ms": 471.5,
                     *           "requests": 1200,
                     *           "input_tokens": 480000,
                     *           "output_tokens": 312000,
                     *           "violations": 0
                     *         },
                     *         {
                     *           "start": "2026-11-22T09:00:00.000Z",
                     *           "latency_p50_ms": 392.4,
                     *           "latency_p95_ms": 759.4,
                     *           "requests": 1130,
                     *           "input_tokens": 701000,
                     *           "output_tokens": 455000,
                     *           "violations": 3
                     *         }
                     *       ],
                     *       "drifted_metrics": [
                     *         {
                     *           "metric": "latency_ms",
                     *           "detection_layer": "performance",
                     *           "baseline_mean": 265.2,
                     *           "points": [
                     *             {
                     *               "start": "2026-11-22T08:00:00.000Z",
                     *               "mean": 268.1,
                     *               "count": 1200
                     *             },
                     *             {
                     *               "start": "2026-11-22T09:00:00.000Z",
                     *               "mean": 431.7,
                     *               "count": 1130
                     *             }
                     *           ],
                     *           "alerts": [
                     *             {
                     *               "drift_id": "dft_01JD60F1G2H3J4K5M6N7P8Q9R0",
                     *               "detected_at": "2026-11-22T09:20:00.000Z",
                     *               "severity": "HIGH",
                     *               "window_mean": 428.3,
                     *               "drift_score": 0.61
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        system_id: string;
                        /** @enum {string} */
                        bucket: "hour" | "day";
                        /**
                         * Format: date-time
                         * @description The first bucket’s start.
                         */
                        since: string;
                        /**
                         * Format: date-time
                         * @description The end of the last bucket, exclusive.
                         */
                        until: string;
                        /** @description One per bucket, oldest first, empty buckets included. */
                        points: {
                            /**
                             * Format: date-time
                             * @description The bucket’s start, UTC.
                             */
                            start: string;
                            /** @description Median `latency_ms`; null without values. */
                            latency_p50_ms: number | null;
                            /** @description 95th percentile of `latency_ms`; null without values. */
                            latency_p95_ms: number | null;
                            /** @description Records that reported `latency_ms`. */
                            requests: number;
                            /** @description Sum of `input.tokens`. */
                            input_tokens: number;
                            /** @description Sum of `output.tokens`. */
                            output_tokens: number;
                            /** @description Policy violations recorded. */
                            violations: number;
                        }[];
                        /** @description Each metric that drifted within the range (at most 10, the latest first): its mean per bucket beside its baseline mean, and its drift alerts. */
                        drifted_metrics: {
                            metric: string;
                            detection_layer: string;
                            /** @description The mean of the metric’s baseline, which drift is measured against. */
                            baseline_mean: number;
                            /** @description One per bucket, as `points` of the series. */
                            points: {
                                /** Format: date-time */
                                start: string;
                                /** @description The metric’s mean in the bucket; null without values. */
                                mean: number | null;
                                count: number;
                            }[];
                            alerts: {
                                drift_id: string;
                                /** Format: date-time */
                                detected_at: string;
                                /** @enum {string} */
                                severity: "MEDIUM" | "HIGH";
                                /** @description The mean of the window that drifted. */
                                window_mean: number;
                                drift_score: number;
                            }[];
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Telemetry_ingest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    probe_id: string;
                    records: {
                        /** Format: date-time */
                        timestamp: string;
                        system_id?: string;
                        /** @description Keys: 1 to 128 characters, matching `^[^\u0000-\u001f\u007f]*$`. */
                        metrics: {
                            [key: string]: number;
                        };
                        /** @description Keys: 1 to 128 characters, matching `^[^\u0000-\u001f\u007f]*$`. */
                        labels?: {
                            [key: string]: string;
                        };
                        model?: string;
                        input_hash?: string;
                        observed_endpoint?: string;
                        enforcement?: {
                            policy_id: string;
                            /** @enum {string} */
                            action: "blocked" | "warned";
                        }[];
                    }[];
                };
            };
        };
        responses: {
            /** @description The batch is stored. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accepted": 1
                     *     }
                     */
                    "application/json": {
                        /** @description The number of records accepted: all of them. */
                        accepted: number;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no probe with this `probe_id`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: more than 1000 records, or a body over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the batch could not be stored and nothing was accepted; send it again. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Reports_list: {
        parameters: {
            query?: {
                type?: "compliance" | "system" | "assessment" | "executive";
                status?: "queued" | "running" | "complete" | "failed";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of reports. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "rpt_01JDQ4W9M3XKZ8T2V5N7R6Y0AB",
                     *           "type": "compliance",
                     *           "subject": "EU Artificial Intelligence Act · 23 Oct 2026 to 22 Nov 2026",
                     *           "format": "pdf",
                     *           "status": "complete",
                     *           "created_at": "2026-11-22T12:00:00.000Z",
                     *           "completed_at": "2026-11-22T12:00:02.000Z",
                     *           "size_bytes": 48213,
                     *           "download_url": "https://governance.example/api/service/reports/rpt_01JDQ4W9M3XKZ8T2V5N7R6Y0AB/download?expires=1795348800&signature=3f1c0a9b8e7d6c5b4a3928171615141312111009080706050403020100ffeedd"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {string} */
                            type: "compliance" | "system" | "assessment" | "executive";
                            /** @description What the report is about, by names: its system, framework and period, or for an assessment report its system, framework and completion date (`Support Bot · EU Artificial Intelligence Act · 20 Nov 2026`). */
                            subject: string;
                            /** @enum {string} */
                            format: "pdf" | "csv" | "json";
                            /** @enum {string} */
                            status: "queued" | "running" | "complete" | "failed";
                            /** Format: date-time */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description When generation finished (complete or failed).
                             */
                            completed_at: string | null;
                            size_bytes: number | null;
                            /**
                             * Format: uri
                             * @description A signed link that works without an API key until it expires; null until complete.
                             */
                            download_url: string | null;
                            /** @description Why generation failed; only on failed reports. */
                            error?: string;
                        }[];
                        /** @description Pass it as `cursor` to read the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Reports_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description What the report covers.
                     * @enum {string}
                     */
                    type: "compliance" | "system" | "assessment" | "executive";
                    /**
                     * @description The file format.
                     * @enum {string}
                     */
                    format: "pdf" | "csv" | "json";
                    /** @description Required for a `system` report; narrows `compliance` and `executive` reports. */
                    system_id?: string | null;
                    /**
                     * @description Narrows the report to one framework: EU_AI_ACT, NIST_AI_RMF, ISO_42001.
                     * @enum {string|null}
                     */
                    framework?: "EU_AI_ACT" | "NIST_AI_RMF" | "ISO_42001" | null;
                    /** @description Required for, and only for, an `assessment` report. */
                    assessment_id?: string | null;
                    /** @description The window of assessments and incidents: a span ending now (`12h`, `30d`, `4w`), or `{from, to}` (`to` defaults to now). Left out or null: all time. Not for `assessment` reports. */
                    period?: string | {
                        /** @description An ISO 8601 date (a whole UTC day) or a timestamp with a zone. */
                        from: string;
                        /** @description An ISO 8601 date (a whole UTC day) or a timestamp with a zone. */
                        to?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description The report is queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rpt_01JDQ4W9M3XKZ8T2V5N7R6Y0AB",
                     *       "status": "queued"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "queued";
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: `system_id` or `assessment_id` is unknown to the organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Reports_assessmentReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The assessment id. */
                assessmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Generation failed; `error` says why. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "compliance" | "system" | "assessment" | "executive";
                        /** @description What the report is about, by names: its system, framework and period, or for an assessment report its system, framework and completion date (`Support Bot · EU Artificial Intelligence Act · 20 Nov 2026`). */
                        subject: string;
                        /** @enum {string} */
                        format: "pdf" | "csv" | "json";
                        /** @enum {string} */
                        status: "queued" | "running" | "complete" | "failed";
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When generation finished (complete or failed).
                         */
                        completed_at: string | null;
                        size_bytes: number | null;
                        /**
                         * Format: uri
                         * @description A signed link that works without an API key until it expires; null until complete.
                         */
                        download_url: string | null;
                        /** @description Why generation failed; only on failed reports. */
                        error?: string;
                    };
                };
            };
            /** @description The report is not ready yet. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rpt_01JDQ4W9M3XKZ8T2V5N7R6Y0AB",
                     *       "type": "compliance",
                     *       "subject": "EU Artificial Intelligence Act · 23 Oct 2026 to 22 Nov 2026",
                     *       "format": "pdf",
                     *       "status": "running",
                     *       "created_at": "2026-11-22T12:00:00.000Z",
                     *       "completed_at": null,
                     *       "size_bytes": null,
                     *       "download_url": null
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "compliance" | "system" | "assessment" | "executive";
                        /** @description What the report is about, by names: its system, framework and period, or for an assessment report its system, framework and completion date (`Support Bot · EU Artificial Intelligence Act · 20 Nov 2026`). */
                        subject: string;
                        /** @enum {string} */
                        format: "pdf" | "csv" | "json";
                        /** @enum {string} */
                        status: "queued" | "running" | "complete" | "failed";
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When generation finished (complete or failed).
                         */
                        completed_at: string | null;
                        size_bytes: number | null;
                        /**
                         * Format: uri
                         * @description A signed link that works without an API key until it expires; null until complete.
                         */
                        download_url: string | null;
                        /** @description Why generation failed; only on failed reports. */
                        error?: string;
                    };
                };
            };
            /** @description The report is ready: `Location` is its signed download link. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Reports_stream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_acceptable`: a stream answers only a request that accepts `text/event-stream`. */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Reports_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The report id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rpt_01JDQ4W9M3XKZ8T2V5N7R6Y0AB",
                     *       "type": "compliance",
                     *       "subject": "EU Artificial Intelligence Act · 23 Oct 2026 to 22 Nov 2026",
                     *       "format": "pdf",
                     *       "status": "complete",
                     *       "created_at": "2026-11-22T12:00:00.000Z",
                     *       "completed_at": "2026-11-22T12:00:02.000Z",
                     *       "size_bytes": 48213,
                     *       "download_url": "https://governance.example/api/service/reports/rpt_01JDQ4W9M3XKZ8T2V5N7R6Y0AB/download?expires=1795348800&signature=3f1c0a9b8e7d6c5b4a3928171615141312111009080706050403020100ffeedd"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "compliance" | "system" | "assessment" | "executive";
                        /** @description What the report is about, by names: its system, framework and period, or for an assessment report its system, framework and completion date (`Support Bot · EU Artificial Intelligence Act · 20 Nov 2026`). */
                        subject: string;
                        /** @enum {string} */
                        format: "pdf" | "csv" | "json";
                        /** @enum {string} */
                        status: "queued" | "running" | "complete" | "failed";
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When generation finished (complete or failed).
                         */
                        completed_at: string | null;
                        size_bytes: number | null;
                        /**
                         * Format: uri
                         * @description A signed link that works without an API key until it expires; null until complete.
                         */
                        download_url: string | null;
                        /** @description Why generation failed; only on failed reports. */
                        error?: string;
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ReportDownload_download: {
        parameters: {
            query: {
                /** @description HMAC-SHA256, lower-case hex. */
                signature: string;
                /** @description Unix seconds. */
                expires: string;
            };
            header?: never;
            path: {
                /** @description The report id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "text/csv": string;
                    "application/json": Record<string, never>;
                };
            };
            /** @description `forbidden`: the link is forged, altered or expired. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SsoSettings_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The SSO configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "organization_id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *       "issuer": "https://acme.okta.com/oauth2/default",
                     *       "client_id": "0oa1b2c3d4e5f6g7h8i9",
                     *       "allowed_email_domains": [
                     *         "acme.com"
                     *       ],
                     *       "role_claim": "groups",
                     *       "role_mapping": {
                     *         "governance-admins": "admin",
                     *         "governance-auditors": "auditor"
                     *       },
                     *       "default_role": "viewer",
                     *       "enabled": true,
                     *       "domain_verification": [
                     *         {
                     *           "domain": "acme.com",
                     *           "verified": true,
                     *           "verified_at": "2026-11-22T09:41:00.000Z",
                     *           "txt_record": {
                     *             "name": "_governance-challenge.acme.com",
                     *             "value": "governance-domain-verification=5f0c9e2b7d4a41e8a3c6b1f09d2e7a4c58b3d6e1"
                     *           }
                     *         }
                     *       ],
                     *       "endpoint_hosts": [],
                     *       "redirect_uri": "https://governance.acme.com/api/service/auth/sso/callback",
                     *       "created_at": "2026-11-22T09:30:00.000Z",
                     *       "updated_at": "2026-11-22T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        organization_id: string;
                        issuer: string;
                        client_id: string;
                        allowed_email_domains: string[];
                        /** @description Each allowed email domain and its proof: publish its TXT record at the domain’s DNS, then call `POST /api/service/sso/domains/{domain}/verify`. */
                        domain_verification: {
                            domain: string;
                            /** @description Whether the domain is proven: only a verified domain routes and vouches for sign-ins. */
                            verified: boolean;
                            /** Format: date-time */
                            verified_at: string | null;
                            /** @description The DNS TXT record that proves control of the domain. */
                            txt_record: {
                                /** @description Where to publish it: `_governance-challenge.<domain>`. */
                                name: string;
                                /** @description `governance-domain-verification=<token>`, this organization’s. */
                                value: string;
                            };
                        }[];
                        endpoint_hosts: string[];
                        role_claim: string | null;
                        role_mapping: {
                            [key: string]: "admin" | "editor" | "viewer" | "auditor";
                        };
                        /** @enum {string} */
                        default_role: "admin" | "editor" | "viewer" | "auditor";
                        enabled: boolean;
                        /** @description Register this as the redirect URI of the client at the provider. */
                        redirect_uri: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: the organization has no SSO configuration. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SsoSettings_put: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The OpenID Provider’s issuer URL (https); its discovery document is read from it. */
                    issuer: string;
                    /** @description The client id the provider gave this application. */
                    client_id: string;
                    /** @description The client secret. Required the first time and whenever the issuer changes; left out otherwise, the stored one is kept. It is encrypted at rest and never returned. */
                    client_secret?: string | null;
                    /** @description Email domains whose people sign in through this provider (lower case, such as `acme.com`). A domain counts once verified (a DNS TXT record, see `domain_verification` in the answer), and belongs to one organization at most; public email providers’ domains are refused. The provider’s verified email must be in one of the verified domains. */
                    allowed_email_domains: string[];
                    /** @description Hosts besides the issuer’s where the provider’s token, userinfo and JWKS endpoints may be (Google: `oauth2.googleapis.com`, `openidconnect.googleapis.com`, `www.googleapis.com`). Empty by default: a discovery document naming another host is refused, so it cannot send the client secret elsewhere. */
                    endpoint_hosts?: string[] | null;
                    /** @description The ID token or userinfo claim that carries roles or groups (`groups`, or a dotted path such as `realm_access.roles`); a string or a list of strings. */
                    role_claim?: string | null;
                    /** @description Claim value → role (not owner). When several values map, the strongest role wins (admin, editor, auditor, viewer). Needs `role_claim`. */
                    role_mapping?: {
                        [key: string]: "admin" | "editor" | "viewer" | "auditor";
                    } | null;
                    /**
                     * @description The role of a person whose claim maps to no role, when they first sign in.
                     * @enum {string}
                     */
                    default_role: "admin" | "editor" | "viewer" | "auditor";
                    /** @description Whether people can sign in with it; a disabled configuration is kept. */
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description The saved configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "organization_id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *       "issuer": "https://acme.okta.com/oauth2/default",
                     *       "client_id": "0oa1b2c3d4e5f6g7h8i9",
                     *       "allowed_email_domains": [
                     *         "acme.com"
                     *       ],
                     *       "role_claim": "groups",
                     *       "role_mapping": {
                     *         "governance-admins": "admin",
                     *         "governance-auditors": "auditor"
                     *       },
                     *       "default_role": "viewer",
                     *       "enabled": true,
                     *       "domain_verification": [
                     *         {
                     *           "domain": "acme.com",
                     *           "verified": true,
                     *           "verified_at": "2026-11-22T09:41:00.000Z",
                     *           "txt_record": {
                     *             "name": "_governance-challenge.acme.com",
                     *             "value": "governance-domain-verification=5f0c9e2b7d4a41e8a3c6b1f09d2e7a4c58b3d6e1"
                     *           }
                     *         }
                     *       ],
                     *       "endpoint_hosts": [],
                     *       "redirect_uri": "https://governance.acme.com/api/service/auth/sso/callback",
                     *       "created_at": "2026-11-22T09:30:00.000Z",
                     *       "updated_at": "2026-11-22T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        organization_id: string;
                        issuer: string;
                        client_id: string;
                        allowed_email_domains: string[];
                        /** @description Each allowed email domain and its proof: publish its TXT record at the domain’s DNS, then call `POST /api/service/sso/domains/{domain}/verify`. */
                        domain_verification: {
                            domain: string;
                            /** @description Whether the domain is proven: only a verified domain routes and vouches for sign-ins. */
                            verified: boolean;
                            /** Format: date-time */
                            verified_at: string | null;
                            /** @description The DNS TXT record that proves control of the domain. */
                            txt_record: {
                                /** @description Where to publish it: `_governance-challenge.<domain>`. */
                                name: string;
                                /** @description `governance-domain-verification=<token>`, this organization’s. */
                                value: string;
                            };
                        }[];
                        endpoint_hosts: string[];
                        role_claim: string | null;
                        role_mapping: {
                            [key: string]: "admin" | "editor" | "viewer" | "auditor";
                        };
                        /** @enum {string} */
                        default_role: "admin" | "editor" | "viewer" | "auditor";
                        enabled: boolean;
                        /** @description Register this as the redirect URI of the client at the provider. */
                        redirect_uri: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed`: a bad field, or the issuer’s discovery failed (`details` names `issuer`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: another organization’s SSO has verified one of the email domains. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the identity service has no `SECRETS_ENCRYPTION_KEY`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SsoSettings_remove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: the organization has no SSO configuration. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SsoSettings_verifyDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the configuration’s allowed email domains. */
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration, the domain verified. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "organization_id": "org_01JD5Y2B7C9D1E3F5G7H9J1K3M",
                     *       "issuer": "https://acme.okta.com/oauth2/default",
                     *       "client_id": "0oa1b2c3d4e5f6g7h8i9",
                     *       "allowed_email_domains": [
                     *         "acme.com"
                     *       ],
                     *       "role_claim": "groups",
                     *       "role_mapping": {
                     *         "governance-admins": "admin",
                     *         "governance-auditors": "auditor"
                     *       },
                     *       "default_role": "viewer",
                     *       "enabled": true,
                     *       "domain_verification": [
                     *         {
                     *           "domain": "acme.com",
                     *           "verified": true,
                     *           "verified_at": "2026-11-22T09:41:00.000Z",
                     *           "txt_record": {
                     *             "name": "_governance-challenge.acme.com",
                     *             "value": "governance-domain-verification=5f0c9e2b7d4a41e8a3c6b1f09d2e7a4c58b3d6e1"
                     *           }
                     *         }
                     *       ],
                     *       "endpoint_hosts": [],
                     *       "redirect_uri": "https://governance.acme.com/api/service/auth/sso/callback",
                     *       "created_at": "2026-11-22T09:30:00.000Z",
                     *       "updated_at": "2026-11-22T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        organization_id: string;
                        issuer: string;
                        client_id: string;
                        allowed_email_domains: string[];
                        /** @description Each allowed email domain and its proof: publish its TXT record at the domain’s DNS, then call `POST /api/service/sso/domains/{domain}/verify`. */
                        domain_verification: {
                            domain: string;
                            /** @description Whether the domain is proven: only a verified domain routes and vouches for sign-ins. */
                            verified: boolean;
                            /** Format: date-time */
                            verified_at: string | null;
                            /** @description The DNS TXT record that proves control of the domain. */
                            txt_record: {
                                /** @description Where to publish it: `_governance-challenge.<domain>`. */
                                name: string;
                                /** @description `governance-domain-verification=<token>`, this organization’s. */
                                value: string;
                            };
                        }[];
                        endpoint_hosts: string[];
                        role_claim: string | null;
                        role_mapping: {
                            [key: string]: "admin" | "editor" | "viewer" | "auditor";
                        };
                        /** @enum {string} */
                        default_role: "admin" | "editor" | "viewer" | "auditor";
                        enabled: boolean;
                        /** @description Register this as the redirect URI of the client at the provider. */
                        redirect_uri: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed`: the TXT record is not there (yet); `details` names `domain`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: the configuration does not claim this domain, or there is none. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: another organization’s SSO has verified this domain. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: DNS did not answer. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Systems_list: {
        parameters: {
            query?: {
                sort?: "-created_at" | "created_at" | "name" | "-name";
                declared?: "true" | "false";
                risk_tier?: "unacceptable" | "high" | "limited" | "minimal" | "unclassified";
                status?: "active" | "retired";
                q?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of systems. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *           "name": "Claims Triage",
                     *           "description": "Routes incoming insurance claims to the right team.",
                     *           "owner": "claims-platform@example.com",
                     *           "vendor": "OpenAI",
                     *           "model": "gpt-4o",
                     *           "risk_tier": "high",
                     *           "environment": "production",
                     *           "host": "claims-1.internal",
                     *           "runtime": "python3.12",
                     *           "tags": [
                     *             "claims",
                     *             "customer-facing"
                     *           ],
                     *           "declared": true,
                     *           "registration_source": "api",
                     *           "discovery_method": "manual",
                     *           "status": "active",
                     *           "created_at": "2026-11-22T09:10:00.000Z",
                     *           "updated_at": "2026-11-22T09:10:00.000Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: string;
                            /** @description Unique within the organization. */
                            name: string;
                            description: string | null;
                            owner: string | null;
                            vendor: string | null;
                            model: string | null;
                            /** @enum {string} */
                            risk_tier: "unacceptable" | "high" | "limited" | "minimal" | "unclassified";
                            environment: string | null;
                            host: string | null;
                            runtime: string | null;
                            tags: string[];
                            /** @description false for a shadow system found by discovery. */
                            declared: boolean;
                            /** @enum {string} */
                            registration_source: "api" | "probe" | "shadow_ai_discovery";
                            /** @enum {string} */
                            discovery_method: "manual" | "probe_registration" | "unknown_system_id" | "observed_endpoint";
                            /** @enum {string} */
                            status: "active" | "retired";
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        /** @description Pass it as `cursor` to read the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Systems_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string | null;
                    owner?: string | null;
                    vendor?: string | null;
                    model?: string | null;
                    /**
                     * @description `unclassified` when left out.
                     * @enum {string}
                     */
                    risk_tier?: "unacceptable" | "high" | "limited" | "minimal" | "unclassified";
                    environment?: string | null;
                    host?: string | null;
                    runtime?: string | null;
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description The registered system. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *       "name": "Claims Triage",
                     *       "description": "Routes incoming insurance claims to the right team.",
                     *       "owner": "claims-platform@example.com",
                     *       "vendor": "OpenAI",
                     *       "model": "gpt-4o",
                     *       "risk_tier": "high",
                     *       "environment": "production",
                     *       "host": "claims-1.internal",
                     *       "runtime": "python3.12",
                     *       "tags": [
                     *         "claims",
                     *         "customer-facing"
                     *       ],
                     *       "declared": true,
                     *       "registration_source": "api",
                     *       "discovery_method": "manual",
                     *       "status": "active",
                     *       "created_at": "2026-11-22T09:10:00.000Z",
                     *       "updated_at": "2026-11-22T09:10:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** @description Unique within the organization. */
                        name: string;
                        description: string | null;
                        owner: string | null;
                        vendor: string | null;
                        model: string | null;
                        /** @enum {string} */
                        risk_tier: "unacceptable" | "high" | "limited" | "minimal" | "unclassified";
                        environment: string | null;
                        host: string | null;
                        runtime: string | null;
                        tags: string[];
                        /** @description false for a shadow system found by discovery. */
                        declared: boolean;
                        /** @enum {string} */
                        registration_source: "api" | "probe" | "shadow_ai_discovery";
                        /** @enum {string} */
                        discovery_method: "manual" | "probe_registration" | "unknown_system_id" | "observed_endpoint";
                        /** @enum {string} */
                        status: "active" | "retired";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: a system of this name already exists. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Systems_stream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_acceptable`: a stream answers only a request that accepts `text/event-stream`. */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Systems_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The system id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The system with its probes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *       "name": "Claims Triage",
                     *       "description": "Routes incoming insurance claims to the right team.",
                     *       "owner": "claims-platform@example.com",
                     *       "vendor": "OpenAI",
                     *       "model": "gpt-4o",
                     *       "risk_tier": "high",
                     *       "environment": "production",
                     *       "host": "claims-1.internal",
                     *       "runtime": "python3.12",
                     *       "tags": [
                     *         "claims",
                     *         "customer-facing"
                     *       ],
                     *       "declared": true,
                     *       "registration_source": "api",
                     *       "discovery_method": "manual",
                     *       "status": "active",
                     *       "created_at": "2026-11-22T09:10:00.000Z",
                     *       "updated_at": "2026-11-22T09:10:00.000Z",
                     *       "probes": [
                     *         {
                     *           "probe_id": "prb_01JD60C3D4E5F6G7H8J9KMNPQR",
                     *           "probe_name": "edge-1",
                     *           "host": "claims-1.internal",
                     *           "runtime": "python3.12",
                     *           "environment": "production",
                     *           "version": "1.4.0",
                     *           "status": "healthy",
                     *           "connection": "connected",
                     *           "last_heartbeat_at": "2026-11-22T10:14:30.000Z",
                     *           "last_seen_at": "2026-11-22T10:14:58.000Z",
                     *           "uptime_seconds": 86400,
                     *           "queue_depth": 0,
                     *           "registered_at": "2026-11-22T09:12:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** @description Unique within the organization. */
                        name: string;
                        description: string | null;
                        owner: string | null;
                        vendor: string | null;
                        model: string | null;
                        /** @enum {string} */
                        risk_tier: "unacceptable" | "high" | "limited" | "minimal" | "unclassified";
                        environment: string | null;
                        host: string | null;
                        runtime: string | null;
                        tags: string[];
                        /** @description false for a shadow system found by discovery. */
                        declared: boolean;
                        /** @enum {string} */
                        registration_source: "api" | "probe" | "shadow_ai_discovery";
                        /** @enum {string} */
                        discovery_method: "manual" | "probe_registration" | "unknown_system_id" | "observed_endpoint";
                        /** @enum {string} */
                        status: "active" | "retired";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The probes attached to the system. */
                        probes: {
                            probe_id: string;
                            probe_name: string;
                            host: string;
                            runtime: string | null;
                            environment: string | null;
                            version: string | null;
                            /**
                             * @description From the last heartbeat; null before the first one.
                             * @enum {string|null}
                             */
                            status: "healthy" | "degraded" | "unhealthy" | null;
                            /** @enum {string} */
                            connection: "connected" | "disconnected";
                            /** Format: date-time */
                            last_heartbeat_at: string | null;
                            /** Format: date-time */
                            last_seen_at: string | null;
                            uptime_seconds: number | null;
                            queue_depth: number | null;
                            /** Format: date-time */
                            registered_at: string;
                        }[];
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Systems_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The system id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description true adopts a discovered (shadow) system into the declared inventory. */
                    declared?: boolean;
                    /** @enum {string} */
                    status?: "active" | "retired";
                    /** @description Why: recorded in the audit trail with the change. */
                    reason?: string | null;
                    description?: string | null;
                    owner?: string | null;
                    vendor?: string | null;
                    model?: string | null;
                    /** @enum {string} */
                    risk_tier?: "unacceptable" | "high" | "limited" | "minimal" | "unclassified";
                    environment?: string | null;
                    host?: string | null;
                    runtime?: string | null;
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description The updated system. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "sys_01JD60A1B2C3D4E5F6G7H8J9KM",
                     *       "name": "Claims Triage",
                     *       "description": "Routes incoming insurance claims to the right team.",
                     *       "owner": "claims-platform@example.com",
                     *       "vendor": "OpenAI",
                     *       "model": "gpt-4o",
                     *       "risk_tier": "high",
                     *       "environment": "production",
                     *       "host": "claims-1.internal",
                     *       "runtime": "python3.12",
                     *       "tags": [
                     *         "claims",
                     *         "customer-facing"
                     *       ],
                     *       "declared": true,
                     *       "registration_source": "api",
                     *       "discovery_method": "manual",
                     *       "status": "active",
                     *       "created_at": "2026-11-22T09:10:00.000Z",
                     *       "updated_at": "2026-11-22T09:10:00.000Z"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** @description Unique within the organization. */
                        name: string;
                        description: string | null;
                        owner: string | null;
                        vendor: string | null;
                        model: string | null;
                        /** @enum {string} */
                        risk_tier: "unacceptable" | "high" | "limited" | "minimal" | "unclassified";
                        environment: string | null;
                        host: string | null;
                        runtime: string | null;
                        tags: string[];
                        /** @description false for a shadow system found by discovery. */
                        declared: boolean;
                        /** @enum {string} */
                        registration_source: "api" | "probe" | "shadow_ai_discovery";
                        /** @enum {string} */
                        discovery_method: "manual" | "probe_registration" | "unknown_system_id" | "observed_endpoint";
                        /** @enum {string} */
                        status: "active" | "retired";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: another system already has this name. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhooks, without their signing secrets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "wh_01JD5Z8Q3K4M6N7P8R9S0T1V2W",
                     *           "url": "https://hooks.example.com/governance",
                     *           "events": [
                     *             "finding.created",
                     *             "policy.violated"
                     *           ],
                     *           "description": "Compliance pager",
                     *           "active": true,
                     *           "created_at": "2026-11-22T09:30:00.000Z",
                     *           "updated_at": "2026-11-22T09:30:00.000Z",
                     *           "previous_secret_expires_at": null,
                     *           "health": {
                     *             "status": "degraded",
                     *             "attempts": 40,
                     *             "succeeded": 34,
                     *             "success_rate": 0.85,
                     *             "last_attempt_at": "2026-11-22T09:58:00.000Z",
                     *             "last_success_at": "2026-11-22T09:41:00.000Z",
                     *             "window_seconds": 86400,
                     *             "max_attempts": 100
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: uri */
                            url: string;
                            events: ("finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered")[];
                            description: string | null;
                            active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /**
                             * Format: date-time
                             * @description After a secret rotation, until when deliveries also carry a signature with the previous secret; null when they carry only the current one.
                             */
                            previous_secret_expires_at: string | null;
                            /** @description How the endpoint answered its recent attempts (test calls included): the latest `max_attempts` within the last `window_seconds`. */
                            health: {
                                /**
                                 * @description `failing`: every recent attempt failed; `degraded`: some did; `healthy`: nearly all succeeded (see `success_rate`); `idle`: no attempt in the window.
                                 * @enum {string}
                                 */
                                status: "healthy" | "degraded" | "failing" | "idle";
                                /** @description Attempts counted: the latest within the window. */
                                attempts: number;
                                /** @description Of those, the attempts answered 2xx in time. */
                                succeeded: number;
                                /** @description `succeeded / attempts`; null without attempts. */
                                success_rate: number | null;
                                /** Format: date-time */
                                last_attempt_at: string | null;
                                /**
                                 * Format: date-time
                                 * @description The latest successful attempt within the window.
                                 */
                                last_success_at: string | null;
                                /** @description How far back attempts are counted. */
                                window_seconds: number;
                                /** @description At most this many of the latest attempts are counted. */
                                max_attempts: number;
                            };
                        }[];
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description HTTPS endpoint that receives the deliveries; it must resolve to public addresses. */
                    url: string;
                    /** @description The event types to deliver; repeats are ignored. */
                    events: ("finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered")[];
                    description?: string | null;
                    /** @description Whether deliveries are sent; true when left out. */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description The webhook, with its signing secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_01JD5Z8Q3K4M6N7P8R9S0T1V2W",
                     *       "url": "https://hooks.example.com/governance",
                     *       "events": [
                     *         "finding.created",
                     *         "policy.violated"
                     *       ],
                     *       "description": "Compliance pager",
                     *       "active": true,
                     *       "created_at": "2026-11-22T09:30:00.000Z",
                     *       "updated_at": "2026-11-22T09:30:00.000Z",
                     *       "previous_secret_expires_at": null,
                     *       "health": {
                     *         "status": "degraded",
                     *         "attempts": 40,
                     *         "succeeded": 34,
                     *         "success_rate": 0.85,
                     *         "last_attempt_at": "2026-11-22T09:58:00.000Z",
                     *         "last_success_at": "2026-11-22T09:41:00.000Z",
                     *         "window_seconds": 86400,
                     *         "max_attempts": 100
                     *       },
                     *       "signing_secret": "whsec_9Jx3kQ0vR2m8WbT5yLpZ4nC7aE1sD6fG0hK2jU8iO4q"
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** Format: uri */
                        url: string;
                        events: ("finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered")[];
                        description: string | null;
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description After a secret rotation, until when deliveries also carry a signature with the previous secret; null when they carry only the current one.
                         */
                        previous_secret_expires_at: string | null;
                        /** @description How the endpoint answered its recent attempts (test calls included): the latest `max_attempts` within the last `window_seconds`. */
                        health: {
                            /**
                             * @description `failing`: every recent attempt failed; `degraded`: some did; `healthy`: nearly all succeeded (see `success_rate`); `idle`: no attempt in the window.
                             * @enum {string}
                             */
                            status: "healthy" | "degraded" | "failing" | "idle";
                            /** @description Attempts counted: the latest within the window. */
                            attempts: number;
                            /** @description Of those, the attempts answered 2xx in time. */
                            succeeded: number;
                            /** @description `succeeded / attempts`; null without attempts. */
                            success_rate: number | null;
                            /** Format: date-time */
                            last_attempt_at: string | null;
                            /**
                             * Format: date-time
                             * @description The latest successful attempt within the window.
                             */
                            last_success_at: string | null;
                            /** @description How far back attempts are counted. */
                            window_seconds: number;
                            /** @description At most this many of the latest attempts are counted. */
                            max_attempts: number;
                        };
                        /** @description The key of the delivery signatures. Shown once, in this response only: store it now. */
                        signing_secret: string;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `url_not_allowed` (the url resolves to a non-public address) or `webhook_limit_reached`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_eventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every event type, in the order of the interface. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "event": "policy.violated",
                     *           "trigger": "A policy rule in Block or Warn mode triggers",
                     *           "severity": "HIGH or CRITICAL",
                     *           "schema": {
                     *             "$schema": "https://json-schema.org/draft/2020-12/schema",
                     *             "$id": "https://schemas.governance.example/events/v1/policy.violated.payload.json",
                     *             "title": "policy.violated payload",
                     *             "type": "object",
                     *             "additionalProperties": false,
                     *             "required": [
                     *               "event",
                     *               "timestamp",
                     *               "severity",
                     *               "system_id",
                     *               "details"
                     *             ],
                     *             "properties": {
                     *               "event": {
                     *                 "const": "policy.violated"
                     *               },
                     *               "timestamp": {
                     *                 "type": "string",
                     *                 "format": "date-time"
                     *               },
                     *               "severity": {
                     *                 "enum": [
                     *                   "INFO",
                     *                   "MEDIUM",
                     *                   "HIGH",
                     *                   "CRITICAL"
                     *                 ]
                     *               },
                     *               "system_id": {
                     *                 "anyOf": [
                     *                   {
                     *                     "type": "string",
                     *                     "pattern": "^sys_[0-9A-HJKMNP-TV-Z]{26}$"
                     *                   },
                     *                   {
                     *                     "type": "null"
                     *                   }
                     *                 ]
                     *               },
                     *               "details": {
                     *                 "type": "object",
                     *                 "additionalProperties": false,
                     *                 "required": [
                     *                   "violation_id",
                     *                   "policy_id",
                     *                   "policy_name",
                     *                   "enforcement_mode",
                     *                   "action_taken",
                     *                   "probe_id",
                     *                   "input_hash",
                     *                   "context"
                     *                 ],
                     *                 "properties": {
                     *                   "violation_id": {
                     *                     "type": "string",
                     *                     "pattern": "^vio_[0-9A-HJKMNP-TV-Z]{26}$"
                     *                   },
                     *                   "policy_id": {
                     *                     "type": "string",
                     *                     "pattern": "^pol_[0-9A-HJKMNP-TV-Z]{26}$"
                     *                   },
                     *                   "policy_name": {
                     *                     "type": "string"
                     *                   },
                     *                   "enforcement_mode": {
                     *                     "type": "string"
                     *                   },
                     *                   "action_taken": {
                     *                     "type": "string"
                     *                   },
                     *                   "probe_id": {
                     *                     "type": "string",
                     *                     "pattern": "^prb_[0-9A-HJKMNP-TV-Z]{26}$"
                     *                   },
                     *                   "input_hash": {
                     *                     "type": "string",
                     *                     "pattern": "^sha256:[0-9a-f]{64}$"
                     *                   },
                     *                   "context": {
                     *                     "type": "string"
                     *                   }
                     *                 }
                     *               }
                     *             },
                     *             "examples": [
                     *               {
                     *                 "event": "policy.violated",
                     *                 "timestamp": "2026-11-22T10:00:00.000Z",
                     *                 "severity": "CRITICAL",
                     *                 "system_id": "sys_01M80KHQC9DHV63SDEFT718QZ3",
                     *                 "details": {
                     *                   "violation_id": "vio_01M80KKA1B2C3D4E5F6G7H8J9K",
                     *                   "policy_id": "pol_01M80KH0P1Q2R3S4T5V6W7X8Y9",
                     *                   "policy_name": "No PII in responses",
                     *                   "enforcement_mode": "BLOCK",
                     *                   "action_taken": "blocked",
                     *                   "probe_id": "prb_01M80KH9Z8Y7X6W5V4T3S2R1Q0",
                     *                   "input_hash": "sha256:5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8",
                     *                   "context": "An email address was detected in a model response."
                     *                 }
                     *               }
                     *             ]
                     *           },
                     *           "example": {
                     *             "event": "policy.violated",
                     *             "timestamp": "2026-11-22T10:00:00.000Z",
                     *             "severity": "CRITICAL",
                     *             "system_id": "sys_01M80KHQC9DHV63SDEFT718QZ3",
                     *             "details": {
                     *               "violation_id": "vio_01M80KKA1B2C3D4E5F6G7H8J9K",
                     *               "policy_id": "pol_01M80KH0P1Q2R3S4T5V6W7X8Y9",
                     *               "policy_name": "No PII in responses",
                     *               "enforcement_mode": "BLOCK",
                     *               "action_taken": "blocked",
                     *               "probe_id": "prb_01M80KH9Z8Y7X6W5V4T3S2R1Q0",
                     *               "input_hash": "sha256:5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8",
                     *               "context": "An email address was detected in a model response."
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            event: "finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered";
                            /** @description What makes the service send it, in the published interface’s words. */
                            trigger: string;
                            /** @description The severities it carries, as the interface states them. */
                            severity: string;
                            /** @description The JSON Schema (draft 2020-12) of the delivery body, as published. */
                            schema: {
                                [key: string]: unknown;
                            };
                            /** @description A sample delivery body: the example the published schema carries. */
                            example: {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeliveriesStream_stream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream of changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_acceptable`: a stream answers only a request that accepts `text/event-stream`. */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook, without its signing secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_01JD5Z8Q3K4M6N7P8R9S0T1V2W",
                     *       "url": "https://hooks.example.com/governance",
                     *       "events": [
                     *         "finding.created",
                     *         "policy.violated"
                     *       ],
                     *       "description": "Compliance pager",
                     *       "active": true,
                     *       "created_at": "2026-11-22T09:30:00.000Z",
                     *       "updated_at": "2026-11-22T09:30:00.000Z",
                     *       "previous_secret_expires_at": null,
                     *       "health": {
                     *         "status": "degraded",
                     *         "attempts": 40,
                     *         "succeeded": 34,
                     *         "success_rate": 0.85,
                     *         "last_attempt_at": "2026-11-22T09:58:00.000Z",
                     *         "last_success_at": "2026-11-22T09:41:00.000Z",
                     *         "window_seconds": 86400,
                     *         "max_attempts": 100
                     *       }
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** Format: uri */
                        url: string;
                        events: ("finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered")[];
                        description: string | null;
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description After a secret rotation, until when deliveries also carry a signature with the previous secret; null when they carry only the current one.
                         */
                        previous_secret_expires_at: string | null;
                        /** @description How the endpoint answered its recent attempts (test calls included): the latest `max_attempts` within the last `window_seconds`. */
                        health: {
                            /**
                             * @description `failing`: every recent attempt failed; `degraded`: some did; `healthy`: nearly all succeeded (see `success_rate`); `idle`: no attempt in the window.
                             * @enum {string}
                             */
                            status: "healthy" | "degraded" | "failing" | "idle";
                            /** @description Attempts counted: the latest within the window. */
                            attempts: number;
                            /** @description Of those, the attempts answered 2xx in time. */
                            succeeded: number;
                            /** @description `succeeded / attempts`; null without attempts. */
                            success_rate: number | null;
                            /** Format: date-time */
                            last_attempt_at: string | null;
                            /**
                             * Format: date-time
                             * @description The latest successful attempt within the window.
                             */
                            last_success_at: string | null;
                            /** @description How far back attempts are counted. */
                            window_seconds: number;
                            /** @description At most this many of the latest attempts are counted. */
                            max_attempts: number;
                        };
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    events?: ("finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered")[];
                    /** @description null clears the description. */
                    description?: string | null;
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description The updated webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh_01JD5Z8Q3K4M6N7P8R9S0T1V2W",
                     *       "url": "https://hooks.example.com/governance",
                     *       "events": [
                     *         "finding.created",
                     *         "policy.violated"
                     *       ],
                     *       "description": "Compliance pager",
                     *       "active": true,
                     *       "created_at": "2026-11-22T09:30:00.000Z",
                     *       "updated_at": "2026-11-22T09:30:00.000Z",
                     *       "previous_secret_expires_at": null,
                     *       "health": {
                     *         "status": "degraded",
                     *         "attempts": 40,
                     *         "succeeded": 34,
                     *         "success_rate": 0.85,
                     *         "last_attempt_at": "2026-11-22T09:58:00.000Z",
                     *         "last_success_at": "2026-11-22T09:41:00.000Z",
                     *         "window_seconds": 86400,
                     *         "max_attempts": 100
                     *       }
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** Format: uri */
                        url: string;
                        events: ("finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered")[];
                        description: string | null;
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /**
                         * Format: date-time
                         * @description After a secret rotation, until when deliveries also carry a signature with the previous secret; null when they carry only the current one.
                         */
                        previous_secret_expires_at: string | null;
                        /** @description How the endpoint answered its recent attempts (test calls included): the latest `max_attempts` within the last `window_seconds`. */
                        health: {
                            /**
                             * @description `failing`: every recent attempt failed; `degraded`: some did; `healthy`: nearly all succeeded (see `success_rate`); `idle`: no attempt in the window.
                             * @enum {string}
                             */
                            status: "healthy" | "degraded" | "failing" | "idle";
                            /** @description Attempts counted: the latest within the window. */
                            attempts: number;
                            /** @description Of those, the attempts answered 2xx in time. */
                            succeeded: number;
                            /** @description `succeeded / attempts`; null without attempts. */
                            success_rate: number | null;
                            /** Format: date-time */
                            last_attempt_at: string | null;
                            /**
                             * Format: date-time
                             * @description The latest successful attempt within the window.
                             */
                            last_success_at: string | null;
                            /** @description How far back attempts are counted. */
                            window_seconds: number;
                            /** @description At most this many of the latest attempts are counted. */
                            max_attempts: number;
                        };
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `url_not_allowed`: the url resolves to a non-public address. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_deliveries: {
        parameters: {
            query?: {
                outcome?: "pending" | "succeeded" | "failed";
                event?: "finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered";
                since?: string;
                until?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The webhook id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "delivery_id": "019374b2-7c1e-7a3d-9f10-2b4c6d8e0f12",
                     *           "event": "policy.violated",
                     *           "event_id": "019374b2-7b00-7c55-8a21-6f0e3d2c1b0a",
                     *           "outcome": "succeeded",
                     *           "status_code": 200,
                     *           "response_time_ms": 112,
                     *           "attempt_count": 2,
                     *           "next_attempt_at": null,
                     *           "test": false,
                     *           "resent_from": null,
                     *           "created_at": "2026-11-22T10:00:00.000Z",
                     *           "attempts": [
                     *             {
                     *               "attempt": 1,
                     *               "attempted_at": "2026-11-22T10:00:00.120Z",
                     *               "status_code": 503,
                     *               "response_time_ms": 95,
                     *               "error": null
                     *             },
                     *             {
                     *               "attempt": 2,
                     *               "attempted_at": "2026-11-22T10:00:30.140Z",
                     *               "status_code": 200,
                     *               "response_time_ms": 112,
                     *               "error": null
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            /**
                             * Format: uuid
                             * @description The `X-Service-Delivery` header value.
                             */
                            delivery_id: string;
                            event: string;
                            /** Format: uuid */
                            event_id: string;
                            /**
                             * @description `failed` once every attempt failed.
                             * @enum {string}
                             */
                            outcome: "pending" | "succeeded" | "failed";
                            /** @description Of the latest attempt. */
                            status_code: number | null;
                            /** @description Of the latest attempt. */
                            response_time_ms: number | null;
                            attempt_count: number;
                            /**
                             * Format: date-time
                             * @description When the next retry is due; null when none is.
                             */
                            next_attempt_at: string | null;
                            /** @description True for a delivery of the test call, or a resend of one. */
                            test: boolean;
                            /**
                             * Format: uuid
                             * @description The delivery this one resends (by hand or by recovery); null for a first delivery.
                             */
                            resent_from: string | null;
                            /** Format: date-time */
                            created_at: string;
                            attempts: {
                                attempt: number;
                                /** Format: date-time */
                                attempted_at: string;
                                status_code: number | null;
                                response_time_ms: number | null;
                                /** @description Why the attempt failed without a status, such as a time-out. */
                                error: string | null;
                            }[];
                        }[];
                        /** @description Pass it as `cursor` to read the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_delivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook id. */
                id: string;
                /** @description The delivery id (`X-Service-Delivery`). */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery and its attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "delivery_id": "019374b2-7c1e-7a3d-9f10-2b4c6d8e0f12",
                     *       "event": "policy.violated",
                     *       "event_id": "019374b2-7b00-7c55-8a21-6f0e3d2c1b0a",
                     *       "outcome": "succeeded",
                     *       "status_code": 200,
                     *       "response_time_ms": 112,
                     *       "attempt_count": 2,
                     *       "next_attempt_at": null,
                     *       "test": false,
                     *       "resent_from": null,
                     *       "created_at": "2026-11-22T10:00:00.000Z",
                     *       "payload": "{\"event\":\"policy.violated\",\"timestamp\":\"2026-11-22T10:00:00.000Z\",\"severity\":\"CRITICAL\",\"system_id\":\"sys_01M80KHQC9DHV63SDEFT718QZ3\",\"details\":{\"violation_id\":\"vio_01M80KKA1B2C3D4E5F6G7H8J9K\",\"policy_id\":\"pol_01M80KH0P1Q2R3S4T5V6W7X8Y9\",\"policy_name\":\"No PII in responses\",\"enforcement_mode\":\"BLOCK\",\"action_taken\":\"blocked\",\"probe_id\":\"prb_01M80KH9Z8Y7X6W5V4T3S2R1Q0\",\"input_hash\":\"sha256:5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8\",\"context\":\"An email address was detected in a model response.\"}}",
                     *       "response_body_max_bytes": 4096,
                     *       "attempts": [
                     *         {
                     *           "attempt": 1,
                     *           "attempted_at": "2026-11-22T10:00:00.120Z",
                     *           "status_code": 503,
                     *           "response_time_ms": 95,
                     *           "error": "http_status",
                     *           "response_body": "{\"error\":\"maintenance\"}",
                     *           "response_body_truncated": false
                     *         },
                     *         {
                     *           "attempt": 2,
                     *           "attempted_at": "2026-11-22T10:00:30.140Z",
                     *           "status_code": 200,
                     *           "response_time_ms": 112,
                     *           "error": null,
                     *           "response_body": "ok",
                     *           "response_body_truncated": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The `X-Service-Delivery` header value.
                         */
                        delivery_id: string;
                        event: string;
                        /** Format: uuid */
                        event_id: string;
                        /**
                         * @description `failed` once every attempt failed.
                         * @enum {string}
                         */
                        outcome: "pending" | "succeeded" | "failed";
                        /** @description Of the latest attempt. */
                        status_code: number | null;
                        /** @description Of the latest attempt. */
                        response_time_ms: number | null;
                        attempt_count: number;
                        /**
                         * Format: date-time
                         * @description When the next retry is due; null when none is.
                         */
                        next_attempt_at: string | null;
                        /** @description True for a delivery of the test call, or a resend of one. */
                        test: boolean;
                        /**
                         * Format: uuid
                         * @description The delivery this one resends (by hand or by recovery); null for a first delivery.
                         */
                        resent_from: string | null;
                        /** Format: date-time */
                        created_at: string;
                        attempts: {
                            attempt: number;
                            /** Format: date-time */
                            attempted_at: string;
                            status_code: number | null;
                            response_time_ms: number | null;
                            /** @description Why the attempt failed without a status, such as a time-out. */
                            error: string | null;
                            /** @description The start of the body the endpoint answered, at most 4096 bytes read as UTF-8; null when it gave no answer. */
                            response_body: string | null;
                            /** @description True when the body was longer than the 4096 bytes kept. */
                            response_body_truncated: boolean;
                        }[];
                        /** @description The request body every attempt sent, byte for byte (JSON, the common payload). */
                        payload: string;
                        /** @description How many bytes of a response body are kept. */
                        response_body_max_bytes: number;
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_resend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook id. */
                id: string;
                /** @description The delivery id (`X-Service-Delivery`). */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery, pending. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "delivery_id": "019374c0-1a2b-7c3d-8e4f-5a6b7c8d9e0f",
                     *       "event": "policy.violated",
                     *       "event_id": "019374b2-7b00-7c55-8a21-6f0e3d2c1b0a",
                     *       "outcome": "pending",
                     *       "status_code": null,
                     *       "response_time_ms": null,
                     *       "attempt_count": 0,
                     *       "next_attempt_at": "2026-11-22T11:00:00.000Z",
                     *       "test": false,
                     *       "resent_from": "019374b2-7c1e-7a3d-9f10-2b4c6d8e0f12",
                     *       "created_at": "2026-11-22T11:00:00.000Z",
                     *       "attempts": []
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The `X-Service-Delivery` header value.
                         */
                        delivery_id: string;
                        event: string;
                        /** Format: uuid */
                        event_id: string;
                        /**
                         * @description `failed` once every attempt failed.
                         * @enum {string}
                         */
                        outcome: "pending" | "succeeded" | "failed";
                        /** @description Of the latest attempt. */
                        status_code: number | null;
                        /** @description Of the latest attempt. */
                        response_time_ms: number | null;
                        attempt_count: number;
                        /**
                         * Format: date-time
                         * @description When the next retry is due; null when none is.
                         */
                        next_attempt_at: string | null;
                        /** @description True for a delivery of the test call, or a resend of one. */
                        test: boolean;
                        /**
                         * Format: uuid
                         * @description The delivery this one resends (by hand or by recovery); null for a first delivery.
                         */
                        resent_from: string | null;
                        /** Format: date-time */
                        created_at: string;
                        attempts: {
                            attempt: number;
                            /** Format: date-time */
                            attempted_at: string;
                            status_code: number | null;
                            response_time_ms: number | null;
                            /** @description Why the attempt failed without a status, such as a time-out. */
                            error: string | null;
                        }[];
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_recover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Failed deliveries created at or after this time are resent; within the delivery log retention (30 days), not in the future.
                     */
                    since: string;
                };
            };
        };
        responses: {
            /** @description How many deliveries were resent. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "resent": 12,
                     *       "has_more": false
                     *     }
                     */
                    "application/json": {
                        /** @description Failed deliveries resent by this call. */
                        resent: number;
                        /** @description True when more failed deliveries wait than one call resends: call again to continue. */
                        has_more: boolean;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret, and when the previous one stops signing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "signing_secret": "whsec_Q7pL2xV9cN4mB8tR1kW6zH3jD5fS0aG2eY7uI9oP4nM",
                     *       "previous_secret_expires_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @description The new key of the delivery signatures. Shown once, in this response only: store it now. */
                        signing_secret: string;
                        /**
                         * Format: date-time
                         * @description Until then every delivery carries a signature with the previous secret too; after it, only the new one.
                         */
                        previous_secret_expires_at: string;
                    };
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Webhooks_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    event: "finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered";
                };
            };
        };
        responses: {
            /** @description The outcome of the single attempt. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "delivery_id": "019374b2-7c1e-7a3d-9f10-2b4c6d8e0f12",
                     *       "event": "finding.created",
                     *       "status_code": 200,
                     *       "response_time_ms": 84,
                     *       "success": true
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        delivery_id: string;
                        /** @enum {string} */
                        event: "finding.created" | "assessment.complete" | "policy.violated" | "drift.detected" | "probe.disconnected" | "system.registered";
                        /** @description null when the endpoint gave no answer. */
                        status_code: number | null;
                        response_time_ms: number;
                        /** @description True when the endpoint answered 2xx in time. */
                        success: boolean;
                    };
                };
            };
            /** @description `validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or `body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             *
             *     `forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or the person is not a member of the organization named; `csrf_rejected`: a session request that changes state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the organization’s plan does not include this feature.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: nothing with this id in the caller’s organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is larger than the endpoint accepts. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the body is not in a media type this endpoint reads. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
