import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsRepository } from './auth/accounts.repository';
import { accountsService } from './auth/accounts.service';
import { createAuth, type PasswordHashing } from './auth/auth';
import { announcementsRoutes } from './announcements/announcements.routes';
import { announcementsService } from './announcements/announcements.service';
import { authRoutes } from './auth/auth.routes';
import { accountActions } from './auth/account-actions';
import { myAccountRepository } from './auth/my-account.repository';
import { myAccountService } from './auth/my-account.service';
import { adminAnswersNotStored, sessionGuards } from './auth/session';
import type { Settings } from './config';
import type { DatabaseHandle } from './db/connection';
import { registerDatabaseFileGuard } from './db/file-guard';
import { checkoutRoutes } from './checkout/checkout.routes';
import { checkoutService, type CheckoutService } from './checkout/checkout.service';
import { checkoutSweeper, type CheckoutSweeper } from './checkout/sweeper';
import { testCheckoutRoutes } from './checkout/test-checkout.routes';
import { testCheckoutService } from './checkout/test-checkout.service';
import { clientErrorHandler, errorBody, fastifyErrorCode, registerErrorHandling } from './http/errors';
import { registerHostCheck } from './http/host-check';
import { connectionTimeouts } from './http/timeouts';
import { deletedGamesRepository } from './games/deleted-games.repository';
import { gameAccess } from './games/game-access';
import { gamesRepository } from './games/games.repository';
import { membersRepository } from './games/members.repository';
import { membersService } from './games/members.service';
import { gamesRoutes } from './games/games.routes';
import { gamesService } from './games/games.service';
import { gameDayRoutes } from './game-day/game-day.routes';
import { gameDayService } from './game-day/game-day.service';
import { registerSameOriginCheck } from './http/same-origin';
import { NO_STORE, registerSecurityHeaders, securityHeaders } from './http/security-headers';
import { registerRequestShapeCheck } from './http/request-shape';
import { inlineScriptHashes, registerWebApp } from './http/web-app';
import { mailRoutes } from './mail/mail.routes';
import { ordersRepository } from './orders/orders.repository';
import { ordersRoutes } from './orders/orders.routes';
import { exportsRepository } from './exports/exports.repository';
import { exportsRoutes } from './exports/exports.routes';
import { exportsService } from './exports/exports.service';
import { ordersService } from './orders/orders.service';
import { systemClock } from './service-deps';
import { withRequestSerializer } from './http/log-requests';
import { createPaymentProvider } from './payments';
import type { PaymentMethod } from '@core/payment-methods';
import type { PaymentProvider } from './payments/provider';
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from './payments/stripe-webhook.routes';
import { isTestPaymentProvider } from './payments/test-payment-provider';
import { manualPayoutProvider } from './payouts/manual-provider';
import { payoutsRepository } from './payouts/payouts.repository';
import { payoutsRoutes } from './payouts/payouts.routes';
import { sharePayoutOf } from './payouts/share-payout';
import { payoutsService } from './payouts/payouts.service';
import { payoutRecovery } from './payouts/recovery';
import type { PayoutProvider } from './payouts/provider';
import { gameEventsRoutes } from './realtime/events.routes';
import { createGameEvents, type GameEventsHub } from './realtime';
import { squaresRepository } from './squares/squares.repository';
import { squaresRoutes } from './squares/squares.routes';
import { drawsRoutes } from './draws/draws.routes';
import { drawsService } from './draws/draws.service';
import { DrandHttpBeacon, type BeaconProvider } from './draws/beacon';
import { beaconDraws, type BeaconDraws } from './draws/beacon-draws';
import { squaresService } from './squares/squares.service';
import { passwordRemovedMail } from './mail/templates';
import { createDevMailboxMailer } from './mail/dev-mailbox-mailer';
import { devMailboxRepository } from './mail/dev-mailbox.repository';
import { mailQueue, type MailQueue } from './mail/mail-queue.service';
import type { Mailer } from './mail/mailer';
import { smtpFix, describeMailError } from './mail/mail-errors';
import { createSmtpMailer } from './mail/smtp-mailer';
import { systemRoutes } from './system/system.routes';
import { registerMetrics } from './system/metrics';
import { databaseCheck, migrationsCheck, readiness, type ReadinessCheck } from './system/readiness';
import { registerSetupWarnings } from './http/setup-warnings';
import { organizerRoutes } from './organizer/organizer.routes';
import { activityRepository } from './activity/activity.repository';
import { activityService } from './activity/activity.service';
import { namedPeopleService } from './people/people.service';
import { organizerService, type OrganizerService } from './organizer/organizer.service';
import { periodicJob, type PeriodicJob } from './jobs/periodic';
import { kickoffRun, type KickoffRun } from './kickoff/kickoff.service';
import { mailLinkOrigin } from './mail/link-origin';
import { unsubscribeSigner } from './mail/unsubscribe';
import { emailUndoRepository } from './auth/email-undo.repository';
import { gameMails, type GameMails } from './mail/game-mails.service';
import { mailPreferencesRoutes, UNSUBSCRIBE_ROUTES } from './mail/mail-preferences.routes';
import { mailPreferencesRepository } from './mail/mail-preferences.repository';
import { mailPreferencesService } from './mail/mail-preferences.service';
import { espnFeed } from './score-feed/espn';
import type { ScoreFeedProvider } from './score-feed/provider';
import { scoreFeedPoller, type ScoreFeedPoller } from './score-feed/poller';
import { scoreFeedRoutes } from './score-feed/score-feed.routes';
import { scoreFeedService } from './score-feed/score-feed.service';

export interface AppDeps {
  settings: Settings;
  database: DatabaseHandle;
  /** Session signing secret (config or ./data/.auth-secret). */
  secret: string;
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** Live update heartbeat (spec: 30 s); tests make it short. */
  sseHeartbeatMs?: number;
  /** The card payment provider; by default chosen from the settings (D22). Tests pass their own. */
  paymentProvider?: PaymentProvider | null;
  /** The payout provider (D23); the manual one by default. Tests pass one that fails on demand. */
  payoutProvider?: PayoutProvider;
  /** Where the mail queue delivers; by default SMTP or the Dev Mailbox (D9). Tests pass one that holds or fails. */
  mailer?: Mailer;
  /** D38: the drand beacon; by default quicknet at DRAW_BEACON_URL. Tests pass a fake node's chain. */
  beacon?: BeaconProvider;
  /** The clock services read business time from (systemClock); a browser test moves it past a kickoff (D39). */
  clock?: () => Date;
  /** Sees every route as it is added (the fuzz test enumerates them with their schemas). */
  onRoute?: (route: RouteOptions) => void;
  /** How passwords are hashed (auth.ts); Better Auth's own scrypt by default. Tests pass a cheaper one. */
  passwordHashing?: PasswordHashing;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Board change notifications (publish after commit; the SSE route subscribes). */
    gameEvents: GameEventsHub;
    /** Checkout and fulfillment (D21): the Stripe webhook calls confirmPaid / paymentFailed / sessionExpired. */
    checkouts: CheckoutService;
    /** The expiry sweep; tests call sweepExpired(now) directly. */
    checkoutSweeper: CheckoutSweeper;
    /** D28's payment tools; tests call releaseOverdue(now) directly. */
    organizer: OrganizerService;
    /** D40's mail queue (design note 026): health() for readiness and metrics; tests call deliverDue(now). */
    mailQueue: MailQueue;
    /** D38's beacon draw job; tests call drawDue() directly. */
    beaconDraws: BeaconDraws;
    /** D39's kickoff run; tests call closeDue(now) directly. */
    kickoffs: KickoffRun;
    /** D40's game mails; tests run the pay-by reminders (remindDue) directly. */
    gameMails: GameMails;
    /** D39's score feed poller (null with SCORE_FEED=off); tests call pollDue(now) directly. */
    scoreFeedPoller: ScoreFeedPoller | null;
  }
}

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

/** Builds the whole app without listening: tests call `inject` or `listen` on it, main.ts listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { settings, database } = deps;
  const https = settings.PUBLIC_URL?.startsWith('https://') ?? false;
  const webRoot = deps.webRoot ?? DEFAULT_WEB_ROOT;
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Our files, and index.html's theme script by its hash (design note 014).
        scriptSrc: ["'self'", ...inlineScriptHashes(webRoot)],
        // Radix and sonner position elements with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: false } : false,
  });
  const app = Fastify({
    // D30: a logged URL never carries an invite link's token (http/log-requests.ts).
    logger: withRequestSerializer(deps.logger ?? { level: settings.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] }),
    // One reverse proxy in front: trust only the socket's peer, so the client IP is the address
    // that proxy appended to X-Forwarded-For, not one a client made up.
    trustProxy: settings.TRUST_PROXY ? (_address: string, hop: number) => hop === 0 : false,
    bodyLimit: 256 * 1024,
    ...connectionTimeouts(settings),
    // Errors Fastify meets before routing (a malformed URL, an over-long path parameter: 414) get
    // our JSON error shape and the headers of every other answer; no hook runs for them.
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      void reply
        .headers(headers)
        .header('cache-control', NO_STORE)
        .code(error.statusCode ?? 400)
        .type('application/json')
        .send(JSON.stringify(errorBody(fastifyErrorCode(error.code), 'This address is not valid.')));
    },
    // What Node's parser refuses (not HTTP, headers too large, too slow): the same, written raw.
    clientErrorHandler: clientErrorHandler(headers),
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, headers);
  // A PUBLIC_URL that is not the address people open, a proxy with TRUST_PROXY off: logged once
  // each, before the checks below refuse such requests.
  registerSetupWarnings(app, settings);
  // D30: request.cookies, for the invite cookies (sp_inv_<game id>); replies set them.
  await app.register(fastifyCookie);
  // A Host that is not host[:port] cannot name an origin or a link: refused up front.
  registerHostCheck(app);
  // The Stripe webhook route is authenticated by its signature, not by an Origin.
  registerSameOriginCheck(app, settings, [{ method: 'POST', url: STRIPE_WEBHOOK_PATH }, ...UNSUBSCRIBE_ROUTES]);
  // NUL characters and absurdly deep JSON: a 400 on every route before anything reads them.
  registerRequestShapeCheck(app);
  // SQLite: a database file deleted or replaced while the app runs would swallow every write.
  registerDatabaseFileGuard(app, database, app.log);
  // Prometheus metrics (METRICS=true; design note 025): its hook times every route added below.
  const metrics = registerMetrics(app, settings);

  // Services, wired once here; routes receive what they need.
  const clock = deps.clock ?? systemClock;
  // Every mail goes through the queue (D40, design note 026) to SMTP or, in a trial without it, the Dev Mailbox (D9).
  const unsubscribe = unsubscribeSigner(deps.secret);
  const devMailbox = !settings.SMTP_URL && settings.trialMode ? devMailboxRepository(database.db) : null;
  const smtp = settings.SMTP_URL ? createSmtpMailer(settings.SMTP_URL, settings.MAIL_FROM) : null;
  const mail = mailQueue({
    db: database.db,
    mailer: deps.mailer ?? smtp ?? createDevMailboxMailer({ mailbox: devMailbox ?? devMailboxRepository(database.db), log: app.log, clock }),
    log: app.log,
    clock,
    retryWindowMs: settings.MAIL_RETRY_HOURS * 3_600_000,
    intervalMs: settings.SWEEP_INTERVAL_SECONDS * 1000,
    messageIdDomain: settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).hostname : 'squares.local',
    // D40: opt-out kinds carry a one-click unsubscribe link signed with the app's secret (docs/decisions/037).
    unsubscribe: { signer: unsubscribe, origin: () => mailLinkOrigin('', settings) },
  });
  app.decorate('mailQueue', mail);
  // The mail server is checked at start; one that cannot be used is a warning, never a stop: mail waits in the queue.
  if (smtp) {
    app.addHook('onReady', () => {
      smtp.verify().then(
        () => app.log.info('SMTP server reached: mail can be sent'),
        (err: unknown) =>
          app.log.warn({ cause: describeMailError(err), fix: smtpFix(err) }, 'SMTP server cannot be used: mail waits in the queue until it can'),
      );
    });
  }
  // Closed after the mail sender has stopped (onClose hooks run last added first; the jobs' are added below).
  app.addHook('onClose', () => smtp?.close());
  const accountsRepo = accountsRepository(database.db, database.kind);
  const accounts = accountsService({
    repo: accountsRepo,
    policy: { adminEmails: settings.ADMIN_EMAILS },
    log: app.log,
    clock,
    onConfirmed: (user) => namedPeople.adopt(user),
  });
  // D46: members of invite-only games; a sign-in link asked for from an invite makes one (tickets).
  const members = membersService({ repo: membersRepository(database.db), clock });
  const emailUndo = emailUndoRepository(database.db);
  const auth = createAuth({
    database,
    settings,
    secret: deps.secret,
    mail,
    accounts,
    accountsRepo,
    emailUndo,
    members,
    log: app.log,
    clock,
    ...(deps.passwordHashing ? { passwordHashing: deps.passwordHashing } : {}),
  });
  const guards = sessionGuards(auth);
  app.decorate('guards', guards);
  // Every answer of an admin route is no-store (session.ts): routes are added below this hook.
  app.addHook('onRoute', adminAnswersNotStored(guards.requireAdmin));
  app.addHook('onReady', () => accounts.grantListedAdmins());

  // D41: the account page (username, e-mail, password, deleting the account).
  const account = myAccountService({
    repo: myAccountRepository(database.db, database.kind),
    actions: accountActions(auth),
    undo: emailUndo,
    log: app.log,
    clock,
  });
  await app.register(authRoutes, { auth, guards, account });
  await app.register(mailRoutes, { mailbox: devMailbox, flush: mail.flush });
  // D40/D41: mail choices on /account and the one-click unsubscribe of every opt-out mail.
  await app.register(mailPreferencesRoutes, {
    preferences: mailPreferencesService({ repo: mailPreferencesRepository(database.db), signer: unsubscribe, log: app.log, clock }),
  });
  const events = createGameEvents(database, app.log);
  app.decorate('gameEvents', events);
  // Ready once PostgreSQL's LISTEN is in place; if the database refuses now, it keeps retrying.
  app.addHook('onReady', async () => {
    await events.ready().catch((err: unknown) => app.log.warn({ err }, 'live updates are not connected yet'));
  });
  app.addHook('onClose', () => events.close());
  // D29: squares of named people follow the account confirmed with their address (and at start, any left behind).
  const namedPeople = namedPeopleService({
    db: database.db,
    events,
    log: app.log,
    clock,
    // Design note 021: she learns why the password from sign-up fails, and how to get in.
    passwordRemoved: { mail, message: (email) => passwordRemovedMail(email, `${mailLinkOrigin('', settings)}/login`) },
  });
  app.addHook('onReady', async () => {
    await namedPeople.adoptPending().catch((err: unknown) => app.log.error({ err }, 'named people could not be matched to their accounts'));
  });
  const payments = deps.paymentProvider !== undefined ? deps.paymentProvider : await createPaymentProvider(settings, { db: database.db, log: app.log, clock });
  // D28: without a card provider (production without Stripe) organizer-collects is the only method.
  const paymentMethods: PaymentMethod[] = payments ? ['card', 'organizer'] : ['organizer'];
  // Readiness (design note 025): each check names its cause, in words that stay the same while it
  // lasts (the log says a cause once). The mail queue is stuck when a due mail waits and no instance
  // sends it; mail waiting out an SMTP outage is not due, so it keeps an instance ready (design note 026).
  const mailCheck: ReadinessCheck = {
    name: 'mail queue',
    check: async () => {
      const health = await mail.health().catch((err: unknown) => {
        throw new Error(`the mail queue cannot be read: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      });
      return health.stuck ? 'mail is due but no instance is sending it: look for mail sender errors in the log' : null;
    },
  };
  const readinessChecks: ReadinessCheck[] = [databaseCheck(database), migrationsCheck(database), mailCheck];
  metrics.mailQueue(async () => {
    const { queued, failed } = await mail.health();
    return { queued, failed };
  });
  await app.register(systemRoutes, {
    db: database.db,
    settings,
    paymentMethods,
    hasAdmin: () => accountsRepo.hasAdmin(),
    ready: readiness(readinessChecks, app.log),
  });
  // D40: the game mails (receipts, reminders, numbers drawn, wins, payouts paid), queued by the changes that cause them.
  const mails = gameMails({ db: database.db, mail, log: app.log, clock, origin: () => mailLinkOrigin('', settings) });
  const checkouts = checkoutService({ db: database.db, kind: database.kind, provider: payments, mail, receipts: mails, events, log: app.log, clock, metrics });
  const sweeper = checkoutSweeper({ checkouts, log: app.log, intervalMs: settings.SWEEP_INTERVAL_SECONDS * 1000 });
  app.decorate('checkouts', checkouts);
  app.decorate('checkoutSweeper', sweeper);
  const gamesRepo = gamesRepository(database.db, database.kind, app.log);
  // D30: who may see a game, in one place: the games, board, live-update and checkout routes ask it.
  const access = gameAccess({ games: gamesRepo, deletedGames: deletedGamesRepository(database.db), members, guards, clock });
  await app.register(checkoutRoutes, { checkouts, access, settings });
  if (settings.STRIPE_SECRET_KEY && settings.STRIPE_WEBHOOK_SECRET) {
    // D22: Stripe confirms payments through the signed webhook. Events that would release squares
    // are checked against the session's current state at Stripe first.
    await app.register(stripeWebhookRoutes, {
      checkout: checkouts,
      webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
      ...(payments?.name === 'stripe' ? { provider: payments } : {}),
    });
  }
  if (isTestPaymentProvider(payments)) await app.register(testCheckoutRoutes, { testCheckout: testCheckoutService({ provider: payments, checkouts, clock }) });
  // D38 (design note 030): beacon tickets are drawn by a job on every instance (each set once), whatever
  // DRAW_BEACON says now: a set ticketed with a round is drawn from that round only.
  const beacon = deps.beacon ?? new DrandHttpBeacon({ baseUrl: settings.DRAW_BEACON_URL });
  const beaconJob = beaconDraws({ db: database.db, beacon, events, log: app.log, clock, mails: { numbersDrawn: mails.numbersDrawn, nudge: mail.nudge } });
  app.decorate('beaconDraws', beaconJob);
  const beaconReachable = async (): Promise<boolean> =>
    beacon.checkChain(AbortSignal.timeout(2000)).then(
      () => true,
      (err: unknown) => {
        app.log.warn({ err }, 'drand cannot be reached: the new game draws by commit-reveal');
        return false;
      },
    );
  const games = gamesService({
    repo: gamesRepo,
    events,
    checkouts,
    clock,
    cardPayments: paymentMethods.includes('card'),
    members,
    mail,
    ...(settings.DRAW_BEACON === 'on' ? { beaconReachable } : {}),
  });
  await app.register(gamesRoutes, { games, access, members, settings });
  // D28: the organizer's payment tools, and the pay-by run at start and then periodically, on every instance (it runs once per game).
  const organizer = organizerService({
    db: database.db,
    games: gamesRepo,
    checkouts,
    events,
    mail,
    receipts: mails,
    log: app.log,
    clock,
    origin: () => mailLinkOrigin('', settings),
  });
  await app.register(organizerRoutes, {
    organizer,
    activity: activityService({ repo: activityRepository(database.db), games: gamesRepo, clock }),
    access,
    settings,
  });
  // D40: the organizer's announcements on a game's board, optionally mailed to its players.
  const announcements = announcementsService({ games: gamesRepo, mail, events, log: app.log, clock, origin: () => mailLinkOrigin('', settings) });
  await app.register(announcementsRoutes, { announcements, settings });
  const payByRun = periodicJob('pay-by release', () => organizer.releaseOverdue(), settings.SWEEP_INTERVAL_SECONDS * 1000, app.log);
  app.decorate('organizer', organizer);
  // D40: pay-by reminders, at start and then periodically, on every instance (once per player and game).
  const reminders = periodicJob('pay-by reminders', () => mails.remindDue(), settings.SWEEP_INTERVAL_SECONDS * 1000, app.log);
  app.decorate('gameMails', mails);
  const payoutProvider = deps.payoutProvider ?? manualPayoutProvider();
  const gameDay = gameDayService({
    games: gamesRepo,
    db: database.db,
    sales: checkouts,
    events,
    log: app.log,
    payoutProviderName: payoutProvider.name,
    clock,
    beacon: { chain: beacon.chain, nextRoundAfter: (time, minSeconds) => beacon.nextRoundAfter(time, minSeconds), drawSoon: () => void beaconJob.runSoon() },
    mails: { numbersDrawn: mails.numbersDrawn, numbersCleared: mails.numbersCleared, wins: mails.wins, nudge: mail.nudge },
  });
  await app.register(gameDayRoutes, { gameDay });
  // D39: sales close at kickoff (and the numbers are drawn, when chosen), at start and then periodically, on every instance (once per game).
  const kickoffs = kickoffRun({
    db: database.db,
    games: gamesRepo,
    sales: checkouts,
    gameDay,
    events,
    log: app.log,
    clock,
    intervalMs: settings.KICKOFF_INTERVAL_SECONDS * 1000,
  });
  app.decorate('kickoffs', kickoffs);
  // D39: the live score feed (docs/decisions/036); SCORE_FEED=off: no provider, nothing polled or linked.
  const feedInterval = settings.SCORE_FEED_INTERVAL_SECONDS * 1000;
  const feedProvider: ScoreFeedProvider | null =
    settings.SCORE_FEED === 'off'
      ? null
      : espnFeed({
          baseUrl: settings.SCORE_FEED_URL,
          timeoutMs: settings.SCORE_FEED_TIMEOUT_SECONDS * 1000,
          onDropped: (dropped) => app.log.warn(dropped, 'score feed: a value broke the text rule and was dropped'),
        });
  const feedPoller = feedProvider
    ? scoreFeedPoller({
        db: database.db,
        games: gamesRepo,
        provider: feedProvider,
        gameDay,
        events,
        log: app.log,
        clock,
        intervalMs: feedInterval,
        leaseMs: settings.SCORE_FEED_TIMEOUT_SECONDS * 1000 + feedInterval,
      })
    : null;
  app.decorate('scoreFeedPoller', feedPoller);
  const scoreFeed = scoreFeedService({
    db: database.db,
    games: gamesRepo,
    provider: feedProvider,
    events,
    log: app.log,
    clock,
    pollSoon: () => void feedPoller?.runSoon(),
  });
  await app.register(scoreFeedRoutes, { scoreFeed });
  const payouts = payoutsService({
    games: gamesRepo,
    db: database.db,
    provider: payoutProvider,
    events,
    log: app.log,
    clock,
    mails: { payoutPaid: mails.payoutPaid, nudge: mail.nudge },
  });
  // Payouts a crash left in processing go back to a person, at start and then periodically, on every instance.
  const recovery = payoutRecovery({
    repo: payoutsRepository(database.db),
    events,
    log: app.log,
    clock,
    leaseMs: settings.PAYOUT_LEASE_SECONDS * 1000,
    intervalMs: settings.SWEEP_INTERVAL_SECONDS * 1000,
  });
  app.decorate('payoutRecovery', recovery);
  await app.register(payoutsRoutes, { payouts, gameDay });
  const squares = squaresService({ repo: squaresRepository(database.db), events, clock, members });
  await app.register(squaresRoutes, { squares, access });
  await app.register(drawsRoutes, { draws: drawsService({ squares, db: database.db, chain: beacon.chain, clock }) });
  const orders = ordersService({ repo: ordersRepository(database.db), clock });
  await app.register(ordersRoutes, { orders });
  // D33: a game's CSV files (squares, orders, payouts), admins only.
  const sharePayout = async (gameId: string) => {
    const row = await gamesRepo.findById(gameId);
    return row ? sharePayoutOf(database.db, row) : null;
  };
  await app.register(exportsRoutes, { exports: exportsService({ repo: exportsRepository(database.db), orders, sharePayout, clock }) });
  await app.register(gameEventsRoutes, {
    events,
    visibleGame: access.visibleGame,
    limits: { perAddress: settings.LIVE_UPDATES_PER_ADDRESS, total: settings.LIVE_UPDATES_TOTAL },
    onOpenStreams: metrics.liveViewers,
    ...(deps.sseHeartbeatMs !== undefined ? { heartbeatMs: deps.sseHeartbeatMs } : {}),
  });
  // Every periodic job (jobs/periodic.ts), in one place: each starts once the app is ready (payout
  // recovery waits for its first sweep) and stops when it closes, on every instance; the jobs
  // decide each row with conditional writes, so instances running them at once are safe.
  const jobs: (Pick<PeriodicJob, 'start' | 'stop'> | null)[] = [mail, sweeper, beaconJob, payByRun, reminders, kickoffs, feedPoller, recovery];
  for (const job of jobs) {
    if (!job) continue;
    app.addHook('onReady', () => job.start());
    app.addHook('onClose', () => job.stop());
  }
  await registerWebApp(app, webRoot);
  return app;
}
