/** Generated from /api/docs/json by `npm run openapi:types`: do not edit by hand. */

export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers (503 while it does not) */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config/public": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public configuration the web client shows before sign-in */
        get: operations["getConfigPublic"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Upcoming events (not cancelled, not started), by start; undated last */
        get: operations["getEventsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/tickets-per-event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Event id → the caller's live tickets for it */
        get: operations["getTicketsTicketsPerEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every event, past and cancelled included (Manage Events), paged by cursor (nextCursor → cursor); upcoming first by default */
        get: operations["getAdminEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an event (multipart: data JSON, optional image up to 8 MB) */
        post: operations["postAdminEventsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event as the admin edits it, with its stock */
        get: operations["getAdminEventsById"];
        /** Edit an event (multipart: data JSON, optional image up to 20 MB; imageUrl "REMOVE" deletes it) */
        put: operations["putAdminEventsById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the prices of an event's ticket types */
        put: operations["putAdminEventsByIdPrices"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Cancel an event (idempotent); refunds run as a durable job */
        put: operations["putAdminEventsByIdCancel"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event's ticket releases in order, hidden ones and their codes included, with their stock */
        get: operations["getAdminEventsByIdReleases"];
        /** Replace an event's ticket releases (in order; with an id changes one, without creates one, left out deletes one) */
        put: operations["putAdminEventsByIdReleases"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An event's public releases and, with a presale code, the hidden ones it opens (400 when none) */
        get: operations["getEventsByIdReleases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sales and admission figures of one event */
        get: operations["getAdminEventsByIdStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/media/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The event's artwork, or a generated poster when it has none */
        get: operations["getMediaEventsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/top5": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The weekly Top 5, rank 1 first */
        get: operations["getTop5"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/top5": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace the Top 5 (multipart: data = { songs: [...] } JSON, image1..image5 files) */
        put: operations["putAdminTop5"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/roster": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active DJs or creators (INFLUENCER), with the contact line to show under each bio */
        get: operations["getPublicRoster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/roster": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every roster entry of a category, hidden ones too */
        get: operations["getAdminRoster"];
        put?: never;
        /** Add a DJ or creator (sortOrder 1000 unless given) */
        post: operations["postAdminRoster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/roster/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a roster entry (and its uploaded portrait) */
        delete: operations["deleteAdminRosterById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active team members */
        get: operations["getPublicTeam"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every team member, hidden ones too */
        get: operations["getAdminTeam"];
        put?: never;
        /** Add a team member (sortOrder 1000 unless given) */
        post: operations["postAdminTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/team/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a team member (and their uploaded image) */
        delete: operations["deleteAdminTeamById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a portrait or team image (multipart: file, folder roster/djs | roster/influencers | team) */
        post: operations["postAdminUploads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/submissions/song": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit a song (multipart: text fields, interests repeated, mp3) */
        post: operations["postSubmissionsSong"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Submissions inbox, newest first, paged by cursor (nextCursor → cursor); q searches names and email */
        get: operations["getAdminSubmissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/submissions/{id}": {
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
        /** Mark a submission reviewed or not */
        patch: operations["patchAdminSubmissionsById"];
        trace?: never;
    };
    "/api/admin/submissions/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The submitted MP3 (ADMIN/MASTER only; ?download=1 for an attachment) */
        get: operations["getAdminSubmissionsByIdFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account; a verification code is emailed */
        post: operations["postAuthRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify the email address with the emailed code */
        post: operations["postAuthVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/resend-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a new verification code */
        post: operations["postAuthResendCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in: an access token, and the refresh cookie */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new access token for the session of the refresh cookie (the cookie is rotated) */
        post: operations["postAuthRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: ends the refresh cookie's session, if one is sent, and clears the cookie */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a password reset link (the same answer whether or not the address has an account) */
        post: operations["postAuthForgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the emailed reset token */
        post: operations["postAuthResetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: operations["getAuthMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in account, with membership and verification */
        get: operations["getAccountMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password (the current one is asked again) */
        post: operations["postAccountChangePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/2fa/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether two-factor sign-in is on */
        get: operations["getAccount2faStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/2fa/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start two-factor setup: a new secret and its QR code */
        post: operations["postAccount2faSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/2fa/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-factor sign-in on with a code from the app */
        post: operations["postAccount2faEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/2fa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-factor sign-in off (password and code asked) */
        post: operations["postAccount2faDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete the account (the password is asked again) */
        delete: operations["deleteAccountDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The devices signed in to this account */
        get: operations["getAccountSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out one device */
        delete: operations["deleteAccountSessionsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions/sign-out-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out every other device */
        post: operations["postAccountSessionsSignOutOthers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/reserve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hold tickets of one event for checkout (a reservation token) */
        post: operations["postTicketsReserve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/create-checkout-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start paying for a reservation: the checkout page URL */
        post: operations["postTicketsCreateCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/checkout-result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The outcome of a ticket checkout */
        get: operations["getTicketsCheckoutResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check an affiliate code and its discount */
        get: operations["getTicketsValidate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/event-usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the caller has used their free ticket for an event */
        get: operations["getTicketsEventUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/my-tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's tickets */
        get: operations["getAccountMyTickets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/my-tickets/{ticketId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller's tickets, with its QR code */
        get: operations["getAccountMyTicketsByTicketId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/free-tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many free tickets the caller has used, and their allowance */
        get: operations["getAccountFreeTickets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/local/checkout/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The local provider's checkout page: one of the caller's checkout sessions */
        get: operations["getPaymentsLocalCheckoutBySessionId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/local/checkout/{sessionId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay a local checkout session (as the provider's completed event) */
        post: operations["postPaymentsLocalCheckoutBySessionIdComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/local/checkout/{sessionId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a local checkout session (as the provider's expired event) */
        post: operations["postPaymentsLocalCheckoutBySessionIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a membership checkout for a plan: the checkout page URL */
        post: operations["postSubscriptionSubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/portal/upgrade-or-downgrade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The billing portal URL to change plan */
        get: operations["getSubscriptionPortalUpgradeOrDowngrade"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/portal/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The billing portal URL to cancel the membership */
        get: operations["getSubscriptionPortalCancel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/billing-portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The billing portal URL */
        get: operations["getSubscriptionBillingPortal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription/checkout-result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The outcome of a membership checkout */
        get: operations["getSubscriptionCheckoutResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/verification/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Accounts waiting for age verification (paged) */
        get: operations["getAdminVerificationPending"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/verification/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark an account as age-verified */
        post: operations["postAdminVerificationByIdVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/verification/{id}/underage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark an account as underage */
        post: operations["postAdminVerificationByIdUnderage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/benefits/subscribers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members and their benefits (paged) */
        get: operations["getAdminBenefitsSubscribers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/benefits/user/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One member's benefits */
        get: operations["getAdminBenefitsUserById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/benefits/deliver/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a benefit as delivered */
        post: operations["postAdminBenefitsDeliverById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/benefits/undeliver/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a benefit as not delivered */
        post: operations["postAdminBenefitsUndeliverById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/local/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The local provider's billing portal: the caller's subscription and plans */
        get: operations["getPaymentsLocalPortal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/local/portal/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Act in the local billing portal (change plan, cancel, renew, fail a payment) */
        post: operations["postPaymentsLocalPortalByAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/affiliate/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's affiliate code, created on the first call */
        get: operations["getAffiliateGenerate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/affiliate/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's monthly sales, newest first */
        get: operations["getAffiliateStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/master/affiliates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Affiliates (role AFFILIATE or holding a code), paged; q searches username, email or id */
        get: operations["getMasterAffiliates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/master/affiliates/{id}/sales-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An affiliate's monthly sales, newest first */
        get: operations["getMasterAffiliatesByIdSalesHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/master/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users, paged (page from 0; size 10, 20, 50 or 100), sorted by 'field,ASC|DESC', email search */
        get: operations["getMasterUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/master/users/{id}/role": {
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
        /** Change a user's role (USER, EVENT_WORKER, ADMIN, AFFILIATE); not a MASTER's, not one's own */
        patch: operations["patchMasterUsersByIdRole"];
        trace?: never;
    };
    "/api/master/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Platform statistics */
        get: operations["getMasterStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ticket-scan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Admit a ticket at the door (once)
         * @description 200 OK the first time; 409 ALREADY_USED (with firstAdmittedAt and admittedBy); 410 VOID (refunded ticket or cancelled event); 409 WRONG_DAY (admission opens 12 hours before the start and closes at the end; the ticket stays unused); 404 INVALID (forged, altered or unknown code). qrCodeValue is the signed value from the QR or, for a damaged QR, the 12-digit door code printed under it (any case, spaces or dashes). A ticket another transaction holds is asked about again for about 0.4 s; if it is still held, 409 with the fallback message (scan again). Optional device id in the x-scanner-device header or the deviceId query.
         */
        post: operations["postTicketScan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ticket-scan/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The events whose door is open or opens within 48 hours
         * @description The scanner's choice of door packs: events not cancelled whose entry window has not closed and opens within 48 hours, by start.
         */
        get: operations["getTicketScanEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ticket-scan/events/{id}/pack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an event's door pack for offline scanning
         * @description The ticket signing public key, the event's entry window and, per ticket, what the door needs (id, type, first name and initial, status, admission), with a version. With since=<version>, only the tickets changed since that version (full: false). deviceId names the phone asking; the download counts as its last sign of life at this door.
         */
        get: operations["getTicketScanEventsByIdPack"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ticket-scan/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the admissions a phone made offline
         * @description Each scan is answered ADMITTED (the admission time is scannedAt), ALREADY_USED (admitted elsewhere first: a conflict, with where and when), VOID, WRONG_DAY (entry was not open at scannedAt) or INVALID. Idempotent on the nonce: a scan sent again answers as before and changes nothing. At most 200 scans per request.
         */
        post: operations["postTicketScanSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ticket-scan/device": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Name this door phone ("Front door")
         * @description The name shows in scan logs and on the door dashboard; naming the device again renames it.
         */
        put: operations["putTicketScanDevice"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/door": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An event's live door numbers
         * @description Admitted against sold per ticket type and per device, arrivals per 15 minutes, refusals by reason, offline conflicts, devices last seen and the latest scans. ADMIN and MASTER for any event; an EVENT_WORKER for the events whose door they work (403 otherwise).
         */
        get: operations["getAdminEventsByIdDoor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Orders, newest first, paged by cursor; search by reference, buyer or attendee
         * @description Each order with its short reference, buyer, event, tickets (type, attendee, status, price), amount, refunded amount, payment provider and status, affiliate code and times. eventId keeps one event's orders, status one order status. q (3 to 100 characters) finds an order by its reference (a prefix of at least 3 hex digits), part of the buyer's email or username, or part of an attendee's name, ignoring case and accents. totalElements counts the matches up to 10,000 (a search across every event: up to 100); the cap itself means at least that many. nextCursor → cursor for the next page.
         */
        get: operations["getAdminOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order with its tickets and history
         * @description The order and its tickets, and its history oldest first: placed, paid, emailed and resent, each scan of its tickets (result, device, scanner), refunds, attendee name changes and the event's messages to the buyer, each with who did it.
         */
        get: operations["getAdminOrdersById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/attendees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An event's tickets by attendee, paged by cursor
         * @description Every ticket of the event (void ones included, with their status) by attendee last name then first name, ignoring case and accents: type, status, admission time and the order's reference, for the door's paper backup. q finds an attendee by part of the name or the order's reference.
         */
        get: operations["getAdminEventsByIdAttendees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an order's tickets again
         * @description Queues the ticket email again (the same mail as after payment, one QR code per ticket still valid) to the account's current address, and marks the order emailed when it goes out. Only a PAID order (409 otherwise). Audited as order.resent.
         */
        post: operations["postAdminOrdersByIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tickets/{id}": {
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
         * Change a ticket's attendee
         * @description The same rules as at purchase (every field, a real date of birth, 18 or over). The ticket keeps its id and QR code; the door pack's next update carries the new name. A void ticket, an admitted one or an event that has started cannot be changed (409). The buyer is emailed; audited as ticket.attendee-changed.
         */
        patch: operations["patchAdminTicketsById"];
        trace?: never;
    };
    "/api/admin/orders/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund some or all of an order's tickets
         * @description Refunds the chosen tickets' price through the payment provider, voids them (the door answers Void), puts their stock back, gives a free ticket's allowance back, takes them out of the affiliate's commission and emails the buyer. A ticket already admitted needs force: true (409 naming it otherwise). The same request twice refunds once (the second answers the first's result, or 409 while it is in flight). A provider failure changes nothing (502); the same request again retries it.
         */
        post: operations["postAdminOrdersByIdRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/my-tickets/{id}/attendee": {
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
         * Change the attendee on one of my tickets
         * @description The buyer's own change, with the rules of purchase, until 24 hours before the event starts and while the organiser allows it (409 with the reason otherwise). Someone else's ticket answers 404. The ticket keeps its QR code; the buyer is emailed.
         */
        patch: operations["patchAccountMyTicketsByIdAttendee"];
        trace?: never;
    };
    "/api/admin/events/{id}/message/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a message to an event's ticket holders (sends nothing)
         * @description How many accounts the message would reach (one per account, however many tickets it holds: VALID or USED tickets of the chosen types, VOID ones too with includeRefunded; verified addresses only) and the mail as they would read it: subject and plain text with the footer saying why they receive it.
         */
        post: operations["postAdminEventsByIdMessagePreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email a message to every ticket holder of an event
         * @description Records the message and one recipient per account (as the preview counts them) and queues the job that mails them at a steady rate, each account once; a retry never mails anyone twice. Plain text, HTML-escaped, no unsubscribe link (a service message about a purchase). The same message again within 10 minutes answers the first one (a double click sends once). 409 NO_RECIPIENTS when nobody would receive it. Audited as event.message-sent.
         */
        post: operations["postAdminEventsByIdMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The messages sent to an event's ticket holders
         * @description The event (id, title, start) and its messages, newest first (at most 100): subject, text, audience, who sent it and when, recipients and how many have been mailed so far (finishedAt once all have).
         */
        get: operations["getAdminEventsByIdMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/orders.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an event's orders as CSV (one row per ticket)
         * @description Order reference and status, buyer email and username, ticket type, attendee name, ticket status, price (GBP), free ticket, paid at, refunded and when, affiliate code, order and ticket ids; oldest order first.
         */
        get: operations["getAdminEventsByIdOrdersCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/attendees.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an event's attendees as CSV (the door's paper backup)
         * @description Last and first name, ticket type, status, admitted at, door code and order reference, by last name then first name (case and accents folded).
         */
        get: operations["getAdminEventsByIdAttendeesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/events/{id}/scans.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an event's door scans as CSV
         * @description Every scan attempt in the order it happened: when, result, door code, ticket type, attendee, device (its name when staff gave one) and scanner.
         */
        get: operations["getAdminEventsByIdScansCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/master/affiliates/payouts.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the affiliates' payouts of a month as CSV
         * @description One row per affiliate with counted sales in the month (YYYY-MM, in the platform's time zone): tickets, commission, bonus and their total in GBP, the same figures as the affiliates' statistics. MASTER only.
         */
        get: operations["getMasterAffiliatesPayoutsCsv"];
        put?: never;
        post?: never;
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
        ApiErrorBody: {
            message: string;
            code: string;
            errors?: {
                field: string;
                message: string;
            }[];
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
    getHealth: {
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
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    getReady: {
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
                        /** @enum {string} */
                        status: "ready";
                        database: string;
                    };
                };
            };
        };
    };
    getConfigPublic: {
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
                        productName: string;
                        supportEmail: string;
                        /** @enum {string} */
                        paymentsProvider: "stripe" | "local";
                        timezone: string;
                    };
                };
            };
        };
    };
    getEventsList: {
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
                        id: number;
                        title: string;
                        description: string | null;
                        location: string | null;
                        /** @description YYYY-MM-DD, local to APP_TIMEZONE */
                        date: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        startTime: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        endTime: string | null;
                        startsAt: string | null;
                        endsAt: string | null;
                        imageUrl: string;
                        hasCustomImage: boolean;
                        /** @enum {string} */
                        status: "PLANNED" | "PUBLISHED";
                        cancelled: boolean;
                        totalStandardTickets: number;
                        totalVipTickets: number;
                        remainingStandardTickets: number;
                        remainingVipTickets: number;
                        standardTicketPrice: number;
                        standardPrice: number;
                        vipTicketPrice: number;
                        vipPrice: number;
                        organiserName: string | null;
                        releases: {
                            id: number;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            name: string;
                            price: number;
                            remaining: number;
                            /** @enum {string} */
                            state: "ON_SALE" | "SOLD_OUT" | "UPCOMING" | "ENDED";
                            salesStart: string | null;
                            /** @enum {string|null} */
                            membersOnlyTier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                        }[];
                    }[];
                };
            };
        };
    };
    getTicketsTicketsPerEvent: {
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
                        [key: string]: number;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminEvents: {
        parameters: {
            query?: {
                cursor?: string;
                size?: number;
                page?: number;
                sort?: string;
                q?: string;
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
                    "application/json": {
                        content: {
                            id: number;
                            title: string;
                            description: string | null;
                            location: string | null;
                            /** @description YYYY-MM-DD, local to APP_TIMEZONE */
                            date: string | null;
                            /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                            startTime: string | null;
                            /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                            endTime: string | null;
                            startsAt: string | null;
                            endsAt: string | null;
                            imageUrl: string;
                            hasCustomImage: boolean;
                            /** @enum {string} */
                            status: "PLANNED" | "PUBLISHED";
                            cancelled: boolean;
                            totalStandardTickets: number;
                            totalVipTickets: number;
                            remainingStandardTickets: number;
                            remainingVipTickets: number;
                            standardTicketPrice: number;
                            standardPrice: number;
                            vipTicketPrice: number;
                            vipPrice: number;
                            organiserName: string | null;
                            releases: {
                                id: number;
                                /** @enum {string} */
                                ticketType: "STANDARD" | "VIP";
                                name: string;
                                price: number;
                                remaining: number;
                                /** @enum {string} */
                                state: "ON_SALE" | "SOLD_OUT" | "UPCOMING" | "ENDED";
                                salesStart: string | null;
                                /** @enum {string|null} */
                                membersOnlyTier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                            }[];
                            organiserContact: string | null;
                            attendeeChangesAllowed: boolean;
                            soldStandardTickets: number;
                            soldVipTickets: number;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        size: number;
                        nextCursor: string | null;
                        totalPages: number;
                        totalElements: number;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminEventsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        title: string;
                        description: string | null;
                        location: string | null;
                        /** @description YYYY-MM-DD, local to APP_TIMEZONE */
                        date: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        startTime: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        endTime: string | null;
                        startsAt: string | null;
                        endsAt: string | null;
                        imageUrl: string;
                        hasCustomImage: boolean;
                        /** @enum {string} */
                        status: "PLANNED" | "PUBLISHED";
                        cancelled: boolean;
                        totalStandardTickets: number;
                        totalVipTickets: number;
                        remainingStandardTickets: number;
                        remainingVipTickets: number;
                        standardTicketPrice: number;
                        standardPrice: number;
                        vipTicketPrice: number;
                        vipPrice: number;
                        organiserName: string | null;
                        releases: {
                            id: number;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            name: string;
                            price: number;
                            remaining: number;
                            /** @enum {string} */
                            state: "ON_SALE" | "SOLD_OUT" | "UPCOMING" | "ENDED";
                            salesStart: string | null;
                            /** @enum {string|null} */
                            membersOnlyTier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                        }[];
                        organiserContact: string | null;
                        attendeeChangesAllowed: boolean;
                        soldStandardTickets: number;
                        soldVipTickets: number;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminEventsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        id: number;
                        title: string;
                        description: string | null;
                        location: string | null;
                        /** @description YYYY-MM-DD, local to APP_TIMEZONE */
                        date: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        startTime: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        endTime: string | null;
                        startsAt: string | null;
                        endsAt: string | null;
                        imageUrl: string;
                        hasCustomImage: boolean;
                        /** @enum {string} */
                        status: "PLANNED" | "PUBLISHED";
                        cancelled: boolean;
                        totalStandardTickets: number;
                        totalVipTickets: number;
                        remainingStandardTickets: number;
                        remainingVipTickets: number;
                        standardTicketPrice: number;
                        standardPrice: number;
                        vipTicketPrice: number;
                        vipPrice: number;
                        organiserName: string | null;
                        releases: {
                            id: number;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            name: string;
                            price: number;
                            remaining: number;
                            /** @enum {string} */
                            state: "ON_SALE" | "SOLD_OUT" | "UPCOMING" | "ENDED";
                            salesStart: string | null;
                            /** @enum {string|null} */
                            membersOnlyTier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                        }[];
                        organiserContact: string | null;
                        attendeeChangesAllowed: boolean;
                        soldStandardTickets: number;
                        soldVipTickets: number;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    putAdminEventsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        id: number;
                        title: string;
                        description: string | null;
                        location: string | null;
                        /** @description YYYY-MM-DD, local to APP_TIMEZONE */
                        date: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        startTime: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        endTime: string | null;
                        startsAt: string | null;
                        endsAt: string | null;
                        imageUrl: string;
                        hasCustomImage: boolean;
                        /** @enum {string} */
                        status: "PLANNED" | "PUBLISHED";
                        cancelled: boolean;
                        totalStandardTickets: number;
                        totalVipTickets: number;
                        remainingStandardTickets: number;
                        remainingVipTickets: number;
                        standardTicketPrice: number;
                        standardPrice: number;
                        vipTicketPrice: number;
                        vipPrice: number;
                        organiserName: string | null;
                        releases: {
                            id: number;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            name: string;
                            price: number;
                            remaining: number;
                            /** @enum {string} */
                            state: "ON_SALE" | "SOLD_OUT" | "UPCOMING" | "ENDED";
                            salesStart: string | null;
                            /** @enum {string|null} */
                            membersOnlyTier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                        }[];
                        organiserContact: string | null;
                        attendeeChangesAllowed: boolean;
                        soldStandardTickets: number;
                        soldVipTickets: number;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    putAdminEventsByIdPrices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    standardTicketPrice?: number | null;
                    vipTicketPrice?: number | null;
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
                        id: number;
                        title: string;
                        description: string | null;
                        location: string | null;
                        /** @description YYYY-MM-DD, local to APP_TIMEZONE */
                        date: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        startTime: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        endTime: string | null;
                        startsAt: string | null;
                        endsAt: string | null;
                        imageUrl: string;
                        hasCustomImage: boolean;
                        /** @enum {string} */
                        status: "PLANNED" | "PUBLISHED";
                        cancelled: boolean;
                        totalStandardTickets: number;
                        totalVipTickets: number;
                        remainingStandardTickets: number;
                        remainingVipTickets: number;
                        standardTicketPrice: number;
                        standardPrice: number;
                        vipTicketPrice: number;
                        vipPrice: number;
                        organiserName: string | null;
                        releases: {
                            id: number;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            name: string;
                            price: number;
                            remaining: number;
                            /** @enum {string} */
                            state: "ON_SALE" | "SOLD_OUT" | "UPCOMING" | "ENDED";
                            salesStart: string | null;
                            /** @enum {string|null} */
                            membersOnlyTier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                        }[];
                        organiserContact: string | null;
                        attendeeChangesAllowed: boolean;
                        soldStandardTickets: number;
                        soldVipTickets: number;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    putAdminEventsByIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        id: number;
                        title: string;
                        description: string | null;
                        location: string | null;
                        /** @description YYYY-MM-DD, local to APP_TIMEZONE */
                        date: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        startTime: string | null;
                        /** @description YYYY-MM-DDTHH:MM:00, local to APP_TIMEZONE */
                        endTime: string | null;
                        startsAt: string | null;
                        endsAt: string | null;
                        imageUrl: string;
                        hasCustomImage: boolean;
                        /** @enum {string} */
                        status: "PLANNED" | "PUBLISHED";
                        cancelled: boolean;
                        totalStandardTickets: number;
                        totalVipTickets: number;
                        remainingStandardTickets: number;
                        remainingVipTickets: number;
                        standardTicketPrice: number;
                        standardPrice: number;
                        vipTicketPrice: number;
                        vipPrice: number;
                        organiserName: string | null;
                        releases: {
                            id: number;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            name: string;
                            price: number;
                            remaining: number;
                            /** @enum {string} */
                            state: "ON_SALE" | "SOLD_OUT" | "UPCOMING" | "ENDED";
                            salesStart: string | null;
                            /** @enum {string|null} */
                            membersOnlyTier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                        }[];
                        organiserContact: string | null;
                        attendeeChangesAllowed: boolean;
                        soldStandardTickets: number;
                        soldVipTickets: number;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminEventsByIdReleases: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        releases: {
                            id: number;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            position: number;
                            name: string;
                            price: number;
                            quantity: number;
                            sold: number;
                            held: number;
                            left: number;
                            /** @enum {string} */
                            state: "ON_SALE" | "SOLD_OUT" | "UPCOMING" | "ENDED";
                            salesStart: string | null;
                            salesEnd: string | null;
                            unlockCode: string | null;
                            /** @enum {string|null} */
                            membersOnlyTier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                        }[];
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    putAdminEventsByIdReleases: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    releases: {
                        id?: number;
                        /** @enum {string} */
                        ticketType: "STANDARD" | "VIP";
                        name: string;
                        price: number;
                        quantity: number;
                        salesStart?: string | null;
                        salesEnd?: string | null;
                        unlockCode?: string | null;
                        /** @enum {string|null} */
                        membersOnlyTier?: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
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
                        releases: {
                            id: number;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            position: number;
                            name: string;
                            price: number;
                            quantity: number;
                            sold: number;
                            held: number;
                            left: number;
                            /** @enum {string} */
                            state: "ON_SALE" | "SOLD_OUT" | "UPCOMING" | "ENDED";
                            salesStart: string | null;
                            salesEnd: string | null;
                            unlockCode: string | null;
                            /** @enum {string|null} */
                            membersOnlyTier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                        }[];
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getEventsByIdReleases: {
        parameters: {
            query?: {
                unlockCode?: string;
            };
            header?: never;
            path: {
                id: number;
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
                        releases: {
                            id: number;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            name: string;
                            price: number;
                            remaining: number;
                            /** @enum {string} */
                            state: "ON_SALE" | "SOLD_OUT" | "UPCOMING" | "ENDED";
                            salesStart: string | null;
                            /** @enum {string|null} */
                            membersOnlyTier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                        }[];
                        unlocked: number[];
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminEventsByIdStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        totalTicketsSold: number;
                        standardTicketsSold: number;
                        vipTicketsSold: number;
                        totalRevenue: number;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getMediaEventsById: {
        parameters: {
            query?: {
                v?: string;
                w?: number;
            };
            header?: never;
            path: {
                id: number;
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
                content?: never;
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getTop5: {
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
                        rank: number;
                        title: string;
                        artist: string;
                        overview: string | null;
                        artistDetails: string | null;
                        spotifyTrackId: string;
                        imageUrl: string | null;
                    }[];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    putAdminTop5: {
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
                        rank: number;
                        title: string;
                        artist: string;
                        overview: string | null;
                        artistDetails: string | null;
                        spotifyTrackId: string;
                        imageUrl: string | null;
                    }[];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getPublicRoster: {
        parameters: {
            query: {
                category: "DJ" | "INFLUENCER";
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
                    "application/json": {
                        id: number;
                        name: string;
                        imageUrl: string | null;
                        blurb: string | null;
                        active: boolean;
                        /** @enum {string} */
                        category: "DJ" | "INFLUENCER";
                        sortOrder: number;
                        contactLine: string | null;
                    }[];
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminRoster: {
        parameters: {
            query: {
                category: "DJ" | "INFLUENCER";
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
                    "application/json": {
                        id: number;
                        name: string;
                        imageUrl: string | null;
                        blurb: string | null;
                        active: boolean;
                        /** @enum {string} */
                        category: "DJ" | "INFLUENCER";
                        sortOrder: number;
                    }[];
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminRoster: {
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
                    imageUrl?: string | null;
                    blurb?: string | null;
                    /** @default true */
                    active?: boolean;
                    /** @enum {string} */
                    category: "DJ" | "INFLUENCER";
                    /** @default 1000 */
                    sortOrder?: number;
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
                        id: number;
                        name: string;
                        imageUrl: string | null;
                        blurb: string | null;
                        active: boolean;
                        /** @enum {string} */
                        category: "DJ" | "INFLUENCER";
                        sortOrder: number;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    deleteAdminRosterById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": null;
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getPublicTeam: {
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
                        id: number;
                        name: string;
                        title: string | null;
                        imageUrl: string | null;
                        blurb: string | null;
                        active: boolean;
                        sortOrder: number;
                    }[];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminTeam: {
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
                        id: number;
                        name: string;
                        title: string | null;
                        imageUrl: string | null;
                        blurb: string | null;
                        active: boolean;
                        sortOrder: number;
                    }[];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminTeam: {
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
                    title?: string | null;
                    imageUrl?: string | null;
                    blurb?: string | null;
                    /** @default true */
                    active?: boolean;
                    /** @default 1000 */
                    sortOrder?: number;
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
                        id: number;
                        name: string;
                        title: string | null;
                        imageUrl: string | null;
                        blurb: string | null;
                        active: boolean;
                        sortOrder: number;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    deleteAdminTeamById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": null;
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminUploads: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        publicUrl: string;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postSubmissionsSong: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        id: number;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminSubmissions: {
        parameters: {
            query?: {
                cursor?: string;
                size?: number;
                page?: number;
                sort?: string;
                q?: string;
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
                    "application/json": {
                        content: {
                            id: number;
                            firstName: string;
                            lastName: string;
                            email: string;
                            phone: string | null;
                            link: string | null;
                            birthDate: string;
                            interests: string[];
                            fileName: string;
                            fileSize: number;
                            fileUrl: string;
                            reviewed: boolean;
                            createdAt: string;
                            submittedBy: string | null;
                        }[];
                        size: number;
                        nextCursor: string | null;
                        totalPages: number;
                        totalElements: number;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    patchAdminSubmissionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reviewed: boolean;
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
                        id: number;
                        firstName: string;
                        lastName: string;
                        email: string;
                        phone: string | null;
                        link: string | null;
                        birthDate: string;
                        interests: string[];
                        fileName: string;
                        fileSize: number;
                        fileUrl: string;
                        reviewed: boolean;
                        createdAt: string;
                        submittedBy: string | null;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminSubmissionsByIdFile: {
        parameters: {
            query?: {
                download?: "0" | "1";
            };
            header?: never;
            path: {
                id: number;
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
                content?: never;
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAuthRegister: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    username: string;
                    password: string;
                    birthDate: string;
                    /** @enum {boolean} */
                    termsAccepted: true;
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
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAuthVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    code: string;
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
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAuthResendCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
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
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    totp?: string | number;
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
                        accessToken: string;
                        user: {
                            id: number;
                            email: string;
                            username: string;
                            /** @enum {string} */
                            role: "USER" | "AFFILIATE" | "EVENT_WORKER" | "ADMIN" | "MASTER";
                        };
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAuthRefresh: {
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
                        accessToken: string;
                        user: {
                            id: number;
                            email: string;
                            username: string;
                            /** @enum {string} */
                            role: "USER" | "AFFILIATE" | "EVENT_WORKER" | "ADMIN" | "MASTER";
                        };
                    };
                };
            };
            /** @description No refresh cookie, or its session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Sent from a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAuthLogout: {
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
                        message: string;
                    };
                };
            };
            /** @description Sent from a foreign origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAuthForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
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
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAuthResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    newPassword: string;
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
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAuthMe: {
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
                        id: number;
                        email: string;
                        username: string;
                        /** @enum {string} */
                        role: "USER" | "AFFILIATE" | "EVENT_WORKER" | "ADMIN" | "MASTER";
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAccountMe: {
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
                        id: number;
                        email: string;
                        username: string;
                        /** @enum {string} */
                        role: "USER" | "AFFILIATE" | "EVENT_WORKER" | "ADMIN" | "MASTER";
                        birthDate: string;
                        affiliateCode: string | null;
                        /** @enum {string} */
                        subscriptionTier: "NONE" | "ENTRY" | "MIDDLE" | "HEADLINER";
                        /** @enum {string} */
                        subscriptionStatus: "NONE" | "ACTIVE" | "CANCELLED" | "FAILED" | "ENDED";
                        subscriptionActive: boolean;
                        /** @enum {string} */
                        verificationStatus: "NONE" | "PENDING" | "VERIFIED" | "UNDERAGE";
                        subscriptionStartDate: string | null;
                        subscriptionExpiresAt: string | null;
                        stripeCustomerId: string | null;
                        freeTicketsUsedThisMonth: number;
                        twoFactorEnabled: boolean;
                        createdAt: string;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAccountChangePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
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
                        message: string;
                        accessToken: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAccount2faStatus: {
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
                        enabled: boolean;
                        hasSecret: boolean;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAccount2faSetup: {
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
                        secretBase32: string;
                        qrBase64: string;
                        otpauthUrl: string;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAccount2faEnable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string | number;
                    password: string;
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
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAccount2faDisable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    code: string | number;
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
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    deleteAccountDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    code?: string | number;
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
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAccountSessions: {
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
                        /** Format: uuid */
                        id: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        lastUsedAt: string;
                        browser: string;
                        current: boolean;
                    }[];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    deleteAccountSessionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
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
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAccountSessionsSignOutOthers: {
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
                        message: string;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postTicketsReserve: {
        parameters: {
            query: {
                eventId: number;
                affiliateCode?: string;
                unlockCode?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    ticketType: "STANDARD" | "VIP";
                    /** @default  */
                    firstName?: string;
                    /** @default  */
                    lastName?: string;
                    /** @default  */
                    dateOfBirth?: string;
                    /** @default false */
                    useFreeTicket?: boolean;
                }[];
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
                        reservationToken: string;
                        expiresAt: string;
                        totalAmount: number;
                        tickets: {
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            price: number;
                            releaseId: number | null;
                        }[];
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postTicketsCreateCheckoutSession: {
        parameters: {
            query: {
                reservationToken: string;
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
                    "application/json": {
                        url: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getTicketsCheckoutResult: {
        parameters: {
            query: {
                session_id: string;
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
                    "application/json": {
                        /** @enum {string} */
                        state: "FULFILLED" | "PENDING" | "REFUNDED_TIMEOUT" | "TIMEOUT_REFUND_TRIGGERED";
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getTicketsValidate: {
        parameters: {
            query?: {
                code?: string;
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
                    "application/json": {
                        valid: boolean;
                        discountPercent: number;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getTicketsEventUsage: {
        parameters: {
            query: {
                eventId: number;
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
                    "application/json": {
                        hasFreeForEvent: boolean;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAccountMyTickets: {
        parameters: {
            query?: {
                includePast?: string;
                includeQr?: string;
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
                    "application/json": {
                        ticketId: string;
                        eventId: number;
                        eventTitle: string;
                        eventDate: string | null;
                        startTime: string | null;
                        endTime: string | null;
                        startsAt: string | null;
                        endsAt: string | null;
                        location: string | null;
                        /** @enum {string} */
                        ticketType: "STANDARD" | "VIP";
                        /** @enum {string} */
                        status: "VALID" | "USED" | "VOID";
                        firstName: string | null;
                        lastName: string | null;
                        dateOfBirth: string | null;
                        pricePaid: number;
                        isFree: boolean;
                        attendeeChangesAllowed: boolean;
                        qrBase64?: string;
                    }[];
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAccountMyTicketsByTicketId: {
        parameters: {
            query?: {
                includeQr?: string;
            };
            header?: never;
            path: {
                ticketId: string;
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
                        ticketId: string;
                        eventId: number;
                        eventTitle: string;
                        eventDate: string | null;
                        startTime: string | null;
                        endTime: string | null;
                        startsAt: string | null;
                        endsAt: string | null;
                        location: string | null;
                        /** @enum {string} */
                        ticketType: "STANDARD" | "VIP";
                        /** @enum {string} */
                        status: "VALID" | "USED" | "VOID";
                        firstName: string | null;
                        lastName: string | null;
                        dateOfBirth: string | null;
                        pricePaid: number;
                        isFree: boolean;
                        attendeeChangesAllowed: boolean;
                        qrBase64?: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAccountFreeTickets: {
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
                        used: number;
                        max: number;
                        remaining: number;
                        year: number;
                        unlimited: boolean;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getPaymentsLocalCheckoutBySessionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
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
                        id: string;
                        /** @enum {string} */
                        mode: "payment" | "subscription";
                        displayName: string;
                        /** @enum {string} */
                        status: "open" | "complete" | "expired";
                        /** @enum {string} */
                        paymentStatus: "paid" | "unpaid" | "no_payment_required";
                        amountTotal: number;
                        currency: string;
                        lineItems: {
                            name: string;
                            unitAmount: number;
                            quantity: number;
                        }[];
                        expiresAt: string;
                        successUrl: string;
                        cancelUrl: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postPaymentsLocalCheckoutBySessionIdComplete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
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
                        url: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postPaymentsLocalCheckoutBySessionIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
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
                        url: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postSubscriptionSubscribe: {
        parameters: {
            query: {
                tier: "ENTRY" | "MIDDLE" | "HEADLINER";
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
                    "application/json": {
                        url: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getSubscriptionPortalUpgradeOrDowngrade: {
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
                        url: string;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getSubscriptionPortalCancel: {
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
                        url: string;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getSubscriptionBillingPortal: {
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
                        url: string;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getSubscriptionCheckoutResult: {
        parameters: {
            query: {
                session_id: string;
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
                    "application/json": {
                        status: string;
                        /** @enum {string|null} */
                        tier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminVerificationPending: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                subscriptionTier?: "ENTRY" | "MIDDLE" | "HEADLINER";
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
                    "application/json": {
                        content: {
                            id: number;
                            username: string;
                            email: string;
                            /** @enum {string} */
                            subscriptionTier: "NONE" | "ENTRY" | "MIDDLE" | "HEADLINER";
                            birthDate: string;
                            subscriptionStartDate: string | null;
                        }[];
                        totalPages: number;
                        totalElements: number;
                        number: number;
                        page: number;
                        size: number;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminVerificationByIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        id: number;
                        /** @enum {string} */
                        verificationStatus: "NONE" | "PENDING" | "VERIFIED" | "UNDERAGE";
                        /** @enum {string} */
                        subscriptionTier: "NONE" | "ENTRY" | "MIDDLE" | "HEADLINER";
                        /** @enum {string} */
                        subscriptionStatus: "NONE" | "ACTIVE" | "CANCELLED" | "FAILED" | "ENDED";
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminVerificationByIdUnderage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        id: number;
                        /** @enum {string} */
                        verificationStatus: "NONE" | "PENDING" | "VERIFIED" | "UNDERAGE";
                        /** @enum {string} */
                        subscriptionTier: "NONE" | "ENTRY" | "MIDDLE" | "HEADLINER";
                        /** @enum {string} */
                        subscriptionStatus: "NONE" | "ACTIVE" | "CANCELLED" | "FAILED" | "ENDED";
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminBenefitsSubscribers: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                sort?: string;
                email?: string;
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
                    "application/json": {
                        content: {
                            id: number;
                            email: string;
                            username: string;
                            /** @enum {string} */
                            subscriptionTier: "NONE" | "ENTRY" | "MIDDLE" | "HEADLINER";
                            /** @enum {string} */
                            subscriptionStatus: "NONE" | "ACTIVE" | "CANCELLED" | "FAILED" | "ENDED";
                            /** @enum {string} */
                            verificationStatus: "NONE" | "PENDING" | "VERIFIED" | "UNDERAGE";
                            subscriptionStartDate: string | null;
                            subscriptionExpiresAt: string | null;
                            benefitsDelivered: number;
                            benefitsTotal: number;
                        }[];
                        totalPages: number;
                        totalElements: number;
                        number: number;
                        page: number;
                        size: number;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminBenefitsUserById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        id: number;
                        benefitType: string;
                        /** @enum {string} */
                        tier: "ENTRY" | "MIDDLE" | "HEADLINER";
                        delivered: boolean;
                        deliveredAt: string | null;
                    }[];
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminBenefitsDeliverById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        id: number;
                        benefitType: string;
                        /** @enum {string} */
                        tier: "ENTRY" | "MIDDLE" | "HEADLINER";
                        delivered: boolean;
                        deliveredAt: string | null;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminBenefitsUndeliverById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        id: number;
                        benefitType: string;
                        /** @enum {string} */
                        tier: "ENTRY" | "MIDDLE" | "HEADLINER";
                        delivered: boolean;
                        deliveredAt: string | null;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getPaymentsLocalPortal: {
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
                        customerId: string;
                        subscription: {
                            id: string;
                            /** @enum {string|null} */
                            tier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                            status: string;
                            cancelAtPeriodEnd: boolean;
                            currentPeriodEnd: string | null;
                        } | null;
                        plans: {
                            /** @enum {string} */
                            tier: "ENTRY" | "MIDDLE" | "HEADLINER";
                            price: number;
                        }[];
                        returnUrl: string;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postPaymentsLocalPortalByAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                action: "change-plan" | "cancel" | "resume" | "renew" | "fail-payment";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    tier?: "ENTRY" | "MIDDLE" | "HEADLINER";
                } | null;
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
                        customerId: string;
                        subscription: {
                            id: string;
                            /** @enum {string|null} */
                            tier: "ENTRY" | "MIDDLE" | "HEADLINER" | null;
                            status: string;
                            cancelAtPeriodEnd: boolean;
                            currentPeriodEnd: string | null;
                        } | null;
                        plans: {
                            /** @enum {string} */
                            tier: "ENTRY" | "MIDDLE" | "HEADLINER";
                            price: number;
                        }[];
                        returnUrl: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAffiliateGenerate: {
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
                        affiliateCode: string;
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for AFFILIATE, ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAffiliateStats: {
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
                        month: string;
                        totalTickets: number;
                        standardTickets: number;
                        vipTickets: number;
                        commissionEarned: number;
                        bonusEarned: number;
                        ticketsTowardGoal: number;
                        ticketsRemainingToGoal: number;
                    }[];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for AFFILIATE, ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getMasterAffiliates: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                q?: string;
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
                    "application/json": {
                        content: {
                            id: number;
                            username: string | null;
                            email: string | null;
                        }[];
                        totalPages: number;
                        totalElements: number;
                        number: number;
                        page: number;
                        size: number;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getMasterAffiliatesByIdSalesHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        month: string;
                        totalTickets: number;
                        standardTickets: number;
                        vipTickets: number;
                        commissionEarned: number;
                        bonusEarned: number;
                        ticketsTowardGoal: number;
                        ticketsRemainingToGoal: number;
                    }[];
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getMasterUsers: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                sort?: string;
                email?: string;
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
                    "application/json": {
                        content: {
                            id: number;
                            email: string | null;
                            username: string | null;
                            /** @enum {string} */
                            role: "USER" | "AFFILIATE" | "EVENT_WORKER" | "ADMIN" | "MASTER";
                            subscriptionActive: boolean;
                            /** @enum {string} */
                            subscriptionTier: "NONE" | "ENTRY" | "MIDDLE" | "HEADLINER";
                            deleted: boolean;
                        }[];
                        totalPages: number;
                        totalElements: number;
                        number: number;
                        page: number;
                        size: number;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    patchMasterUsersByIdRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "USER" | "EVENT_WORKER" | "ADMIN" | "AFFILIATE";
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
                        id: number;
                        email: string | null;
                        username: string | null;
                        /** @enum {string} */
                        role: "USER" | "AFFILIATE" | "EVENT_WORKER" | "ADMIN" | "MASTER";
                        subscriptionActive: boolean;
                        /** @enum {string} */
                        subscriptionTier: "NONE" | "ENTRY" | "MIDDLE" | "HEADLINER";
                        deleted: boolean;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getMasterStats: {
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
                        generatedAt: string;
                        timezone: string;
                        currentMonth: string;
                        totals: {
                            users: number;
                            activeMembers: number;
                            monthlyRecurringRevenue: number;
                            ticketRevenueThisMonth: number;
                            ticketsSoldThisMonth: number;
                            affiliateCommissionOwed: number;
                        };
                        membersByTier: {
                            /** @enum {string} */
                            tier: "ENTRY" | "MIDDLE" | "HEADLINER";
                            members: number;
                            renewing: number;
                            monthlyRecurringRevenue: number;
                        }[];
                        ticketSalesByMonth: {
                            month: string;
                            revenue: number;
                            ticketsSold: number;
                            freeTickets: number;
                        }[];
                        topEvents: {
                            eventId: number;
                            title: string;
                            startsAt: string | null;
                            revenue: number;
                            ticketsSold: number;
                        }[];
                        usersByRole: {
                            /** @enum {string} */
                            role: "USER" | "AFFILIATE" | "EVENT_WORKER" | "ADMIN" | "MASTER";
                            users: number;
                        }[];
                        signupsByWeek: {
                            weekStart: string;
                            signups: number;
                        }[];
                        affiliateCommission: {
                            month: string;
                            total: number;
                            affiliates: {
                                id: number;
                                username: string | null;
                                totalTickets: number;
                                commissionEarned: number;
                                bonusEarned: number;
                            }[];
                        };
                    };
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postTicketScan: {
        parameters: {
            query: {
                qrCodeValue: string;
                deviceId?: string;
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
                    "application/json": {
                        eventTitle: string;
                        eventDate: string | null;
                        startTime: string | null;
                        endTime: string | null;
                        firstName: string | null;
                        lastName: string | null;
                        dateOfBirth: string | null;
                        /** @enum {string} */
                        ticketType: "STANDARD" | "VIP";
                        ticketId: string;
                        /** @enum {string} */
                        status: "OK";
                        admittedAt: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER, EVENT_WORKER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getTicketScanEvents: {
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
                        id: number;
                        title: string;
                        eventDate: string | null;
                        startTime: string | null;
                        endTime: string | null;
                        opensAt: string | null;
                        closesAt: string | null;
                        cancelled: boolean;
                    }[];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER, EVENT_WORKER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getTicketScanEventsByIdPack: {
        parameters: {
            query?: {
                since?: string;
                deviceId?: string;
            };
            header?: never;
            path: {
                id: number;
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
                        version: string;
                        full: boolean;
                        generatedAt: string;
                        publicKey: string;
                        event: {
                            id: number;
                            title: string;
                            eventDate: string | null;
                            startTime: string | null;
                            endTime: string | null;
                            opensAt: string | null;
                            closesAt: string | null;
                            cancelled: boolean;
                        };
                        tickets: {
                            id: string;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            name: string | null;
                            /** @enum {string} */
                            status: "VALID" | "USED" | "VOID";
                            admittedAt: string | null;
                            admittedBy: string | null;
                        }[];
                        deviceName: string | null;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER, EVENT_WORKER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postTicketScanSync: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceId: string;
                    scans: {
                        /** Format: uuid */
                        nonce: string;
                        qrCodeValue: string;
                        /** Format: date-time */
                        scannedAt: string;
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
                        results: {
                            nonce: string;
                            /** @enum {string} */
                            result: "ADMITTED" | "ALREADY_USED" | "VOID" | "WRONG_DAY" | "INVALID";
                            ticketId: string | null;
                            admittedAt: string | null;
                            message: string;
                            firstAdmission: {
                                admittedAt: string | null;
                                deviceId: string | null;
                                deviceName: string | null;
                                admittedBy: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER, EVENT_WORKER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    putTicketScanDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceId: string;
                    name: string;
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
                        deviceId: string;
                        name: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER, EVENT_WORKER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminEventsByIdDoor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        generatedAt: string;
                        event: {
                            id: number;
                            title: string;
                            eventDate: string | null;
                            startTime: string | null;
                            endTime: string | null;
                            opensAt: string | null;
                            closesAt: string | null;
                            cancelled: boolean;
                        };
                        totals: {
                            admitted: number;
                            sold: number;
                            admittedOffline: number;
                            conflicts: number;
                        };
                        byType: {
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            admitted: number;
                            sold: number;
                        }[];
                        devices: {
                            deviceId: string;
                            name: string | null;
                            admitted: number;
                            lastSeenAt: string | null;
                            staff: string[];
                        }[];
                        arrivals: {
                            from: string;
                            count: number;
                        }[];
                        refusals: {
                            /** @enum {string} */
                            reason: "ALREADY_USED" | "VOID" | "WRONG_DAY" | "INVALID";
                            count: number;
                        }[];
                        conflicts: {
                            nonce: string;
                            /** @enum {string} */
                            result: "ADMITTED" | "ALREADY_USED" | "VOID" | "WRONG_DAY" | "INVALID";
                            ticketId: string | null;
                            doorCode: string | null;
                            name: string | null;
                            scannedAt: string;
                            syncedAt: string;
                            deviceId: string;
                            deviceName: string | null;
                            scannedBy: string | null;
                            firstAdmission: {
                                admittedAt: string | null;
                                deviceId: string | null;
                                deviceName: string | null;
                                admittedBy: string | null;
                            } | null;
                        }[];
                        recentScans: {
                            id: number;
                            at: string;
                            result: string;
                            ticketId: string | null;
                            name: string | null;
                            deviceId: string | null;
                            deviceName: string | null;
                            scannedBy: string | null;
                        }[];
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER, EVENT_WORKER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminOrders: {
        parameters: {
            query?: {
                cursor?: string;
                size?: number;
                page?: number;
                eventId?: number;
                q?: string;
                status?: "PENDING" | "PAID" | "EXPIRED" | "REFUND_PENDING" | "REFUNDED";
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
                    "application/json": {
                        content: {
                            id: string;
                            reference: string;
                            /** @enum {string} */
                            status: "PENDING" | "PAID" | "EXPIRED" | "REFUND_PENDING" | "REFUNDED";
                            buyer: {
                                id: number;
                                username: string | null;
                                email: string | null;
                            };
                            event: {
                                id: number;
                                title: string;
                                startsAt: string | null;
                            };
                            tickets: {
                                id: string;
                                /** @enum {string} */
                                ticketType: "STANDARD" | "VIP";
                                firstName: string | null;
                                lastName: string | null;
                                /** @enum {string} */
                                status: "VALID" | "USED" | "VOID";
                                price: number;
                                isFree: boolean;
                            }[];
                            amount: number;
                            refundedAmount: number;
                            currency: string;
                            provider: string;
                            affiliateCode: string | null;
                            createdAt: string;
                            paidAt: string | null;
                            refundedAt: string | null;
                            emailedAt: string | null;
                        }[];
                        size: number;
                        nextCursor: string | null;
                        totalPages: number;
                        totalElements: number;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminOrdersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
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
                        id: string;
                        reference: string;
                        /** @enum {string} */
                        status: "PENDING" | "PAID" | "EXPIRED" | "REFUND_PENDING" | "REFUNDED";
                        buyer: {
                            id: number;
                            username: string | null;
                            email: string | null;
                        };
                        event: {
                            id: number;
                            title: string;
                            startsAt: string | null;
                            attendeeChangesAllowed: boolean;
                        };
                        tickets: {
                            id: string;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            firstName: string | null;
                            lastName: string | null;
                            /** @enum {string} */
                            status: "VALID" | "USED" | "VOID";
                            price: number;
                            isFree: boolean;
                            dateOfBirth: string | null;
                            usedAt: string | null;
                            usedDevice: string | null;
                        }[];
                        amount: number;
                        refundedAmount: number;
                        currency: string;
                        provider: string;
                        affiliateCode: string | null;
                        createdAt: string;
                        paidAt: string | null;
                        refundedAt: string | null;
                        emailedAt: string | null;
                        refundReason: string | null;
                        history: {
                            at: string;
                            /** @enum {string} */
                            kind: "RESERVED" | "PAID" | "EXPIRED" | "EMAILED" | "RESENT" | "SCANNED" | "REFUND" | "REFUNDED" | "NAME_CHANGED" | "MESSAGE_SENT";
                            text: string;
                            actor: {
                                id: number;
                                username: string | null;
                            } | null;
                            ticketId: string | null;
                        }[];
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminEventsByIdAttendees: {
        parameters: {
            query?: {
                cursor?: string;
                size?: number;
                page?: number;
                q?: string;
            };
            header?: never;
            path: {
                id: number;
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
                        content: {
                            ticketId: string;
                            firstName: string | null;
                            lastName: string | null;
                            /** @enum {string} */
                            ticketType: "STANDARD" | "VIP";
                            /** @enum {string} */
                            status: "VALID" | "USED" | "VOID";
                            admittedAt: string | null;
                            orderId: string;
                            orderReference: string;
                            buyerUsername: string | null;
                        }[];
                        size: number;
                        nextCursor: string | null;
                        totalPages: number;
                        totalElements: number;
                        event: {
                            id: number;
                            title: string;
                            startsAt: string | null;
                        };
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminOrdersByIdResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
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
                        orderId: string;
                        email: string;
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    patchAdminTicketsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    firstName: string;
                    lastName: string;
                    dateOfBirth: string;
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
                        ticketId: string;
                        orderId: string;
                        /** @enum {string} */
                        status: "VALID" | "USED" | "VOID";
                        firstName: string;
                        lastName: string;
                        dateOfBirth: string;
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminOrdersByIdRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ticketIds: string[];
                    reason: string;
                    /** @default false */
                    force?: boolean;
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
                        refundId: string;
                        orderId: string;
                        ticketIds: string[];
                        amount: number;
                        refundedTotal: number;
                        orderStatus: string;
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    patchAccountMyTicketsByIdAttendee: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    firstName: string;
                    lastName: string;
                    dateOfBirth: string;
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
                        ticketId: string;
                        orderId: string;
                        /** @enum {string} */
                        status: "VALID" | "USED" | "VOID";
                        firstName: string;
                        lastName: string;
                        dateOfBirth: string;
                        message: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminEventsByIdMessagePreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subject: string;
                    body: string;
                    ticketTypes?: ("STANDARD" | "VIP")[];
                    includeRefunded?: boolean;
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
                        recipientCount: number;
                        subject: string;
                        text: string;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    postAdminEventsByIdMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subject: string;
                    body: string;
                    ticketTypes?: ("STANDARD" | "VIP")[];
                    includeRefunded?: boolean;
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
                        id: number;
                        subject: string;
                        body: string;
                        ticketTypes: ("STANDARD" | "VIP")[];
                        includeRefunded: boolean;
                        recipientCount: number;
                        sentCount: number;
                        sentBy: string | null;
                        createdAt: string;
                        finishedAt: string | null;
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminEventsByIdMessages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                        event: {
                            id: number;
                            title: string;
                            startsAt: string | null;
                        };
                        messages: {
                            id: number;
                            subject: string;
                            body: string;
                            ticketTypes: ("STANDARD" | "VIP")[];
                            includeRefunded: boolean;
                            recipientCount: number;
                            sentCount: number;
                            sentBy: string | null;
                            createdAt: string;
                            finishedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminEventsByIdOrdersCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A CSV file (UTF-8 with a byte order mark, CRLF line ends, a header row), sent as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminEventsByIdAttendeesCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A CSV file (UTF-8 with a byte order mark, CRLF line ends, a header row), sent as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getAdminEventsByIdScansCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A CSV file (UTF-8 with a byte order mark, CRLF line ends, a header row), sent as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for ADMIN, MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
    getMasterAffiliatesPayoutsCsv: {
        parameters: {
            query: {
                month: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A CSV file (UTF-8 with a byte order mark, CRLF line ends, a header row), sent as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The input does not match the schema (`errors` names the fields at fault) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description No valid access token: sign in, or refresh the session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Only for MASTER (and two-factor sign-in where the platform asks for it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
            /** @description Too many requests: wait as the message says and try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiErrorBody"];
                };
            };
        };
    };
}
