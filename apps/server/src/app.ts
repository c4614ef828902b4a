import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from './platform/config';
import type { DatabaseHandle } from './platform/db/database';
import { SessionCache } from './platform/sessionCache';
import { installErrorHandling } from './platform/errorHandler';
import { viewFieldLabel } from './accounts/views/fieldLabels';
import { RequestLogController, lazyChildLoggerFactory, safeLoggerOptions } from './platform/logging';
import { installSecurityHeaders } from './platform/securityHeaders';
import { registerPortalAssets } from './platform/portalAssets';
import { registerPortalIndex } from './branding/portalShell';
import { buildOpenApiDocument } from './platform/openapi';
import { XSRF_COOKIE, registerOperationRoute } from './platform/operationRoute';
import { PARTNER_API_PREFIX, registerPartnerApi } from './partnerApi/partnerRoute';
import { PARTNER_OPERATIONS } from './partnerApi/partnerOperations';
import { buildPartnerOpenApiDocument } from './partnerApi/partnerOpenApi';
import { OperationRegistry, type OperationDefinition } from './platform/operations';
import { endSession } from './platform/session';
import { createMailer, type Mailer } from './platform/mail';
import { authOperations } from './auth/operations';
import { accountOperations } from './accounts/operations';
import { searchOperations } from './accounts/searchOperations';
import { selfCareOperations } from './auth/selfCareOperations';
import { mfaOperations } from './auth/mfaOperations';
import { mustSetupMfa } from './auth/mfaPolicy';
import { signInPolicyOperations } from './auth/signInPolicyOperations';
import { securityOperations } from './security/operations';
import { isAddressAllowed } from './security/ipRestrictions';
import { registerBrandingRoutes } from './branding/brandingRoutes';
import { brandingOperations } from './branding/brandingOperations';
import { analyticsOperations } from './analytics/operations';
import { registerKeeperRoutes } from './images/keeperRoutes';
import { ssoOperations } from './sso/operations';
import { syncSsoProviders } from './sso/ssoProviderSync';
import { supportOperations } from './support/operations';
import { knowledgeBaseOperations } from './support/knowledgeBaseOperations';
import { termsOperations } from './terms/operations';
import { accountViewOperations } from './accounts/views/operations';
import { accountTreeOperations } from './accounts/tree/operations';
import { accountLifecycleOperations } from './accounts/lifecycle/operations';
import { accountLifecycleJobs } from './accounts/lifecycle/jobs';
import { authJobs } from './auth/jobs';
import { JobRunner } from './platform/jobs';
import { importOperations } from './imports/importOperations';
import { importJobs } from './imports/importRunner';
import { userOperations } from './users/operations';
import { auditLogOperations } from './auditLog/operations';
import { notificationOperations } from './notifications/operations';
import { chatBotOperations } from './chatBot/operations';
import { marketplaceOperations } from './explore/operations';
import { pricingOperations } from './pricing/operations';
import { customChargeOperations } from './customCharges/operations';
import { registerCustomChargeRoutes } from './customCharges/customChargeRoutes';
import { serviceManagementOperations } from './serviceManagement/operations';
import { orderOperations } from './orders/orderOperations';
import { setChangeAppliers } from './orders/changeApprovals';
import { subscriptionChangeAppliers } from './subscriptions/changeApprovals';
import { provisioningOperations } from './provisioning/provisioningOperations';
import { subscriptionOperations } from './subscriptions/subscriptionOperations';
import { upgradeOperations } from './subscriptions/upgradeOperations';
import { orderAttachmentOperations } from './orders/orderAttachments';
import { reportingOperations } from './reporting/reportingOperations';
import { billingOperations } from './billing/billingOperations';
import { billingDownloadOperations } from './billing/billingDownloads';
import { invoiceFileJobs, invoiceFileOperations, registerInvoiceFileRoutes } from './billing/invoiceFiles';
import { billingJobs } from './billing/billingRun';
import { statisticsJobs } from './platform/db/statisticsJobs';
import { subscriptionJobs } from './subscriptions/subscriptionJobs';
import { propagationJobs } from './pricing/propagationJobs';
import { setMaxExchangeRateAgeDays } from './pricing/effectivePrice';
import { idempotencyJobs } from './platform/idempotencyJobs';
import { provisioningJobs } from './provisioning/provisioningJob';
import { roleOperations } from './roles/roleOperations';
import { roleChangeOperations } from './roles/roleChanges';
import { salesQuoteOperations } from './quotes/quoteOperations';
import { landingPageOperations } from './landingPage/landingPageOperations';
import { registerLiveChannel } from './realtime/liveChannel';
import { adminConsoleJobs, adminConsoleOperations } from './adminConsole/operations';

export interface BuildOptions {
  database: DatabaseHandle;
  config: ServerConfig;
  /** false in tests; otherwise pino options. */
  logger?: boolean | object;
  /** More operations to register; tests use it to exercise the guards with a real server. */
  extraOperations?: OperationDefinition[];
  mailer?: Mailer;
}

/** How long after the server is built its job runner starts polling (see below). */
const JOB_RUNNER_START_DELAY_MS = 1_000;

/**
 * Requests are validated with zod (DESIGN.md "The API"): no route declares a Fastify JSON schema.
 * With these stand-ins Fastify does not load Ajv and fast-json-stringify, a fifth of a second of
 * every start (issue 12); a route that declared a schema would stop the start instead.
 */
const NO_JSON_SCHEMA_COMPILERS = {
  buildValidator: () => () => {
    throw new Error('requests are validated with zod, not with JSON schemas');
  },
  buildSerializer: () => () => {
    throw new Error('answers are serialised with JSON.stringify, not with JSON schemas');
  },
};

/** Builds the server without listening (STYLE.md: tests use inject() or listen on port 0). */
export async function buildServer({ database, config, logger = false, extraOperations = [], mailer }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Never a query string or a failed query's parameters in the logs (platform/logging.ts).
    logger: logger === false ? false : safeLoggerOptions(logger as true | Record<string, unknown>),
    // Request lines at debug, slow requests at warn, failures at error (platform/logging.ts).
    logController: new RequestLogController(),
    // A request's pino child is made on its first line, not for every request (platform/logging.ts).
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    schemaController: { compilersFactory: NO_JSON_SCHEMA_COMPILERS },
  });
  const { db } = database;
  // EXCHANGE_RATE_MAX_AGE_DAYS for every caller of the price function (pricing/effectivePrice.ts).
  setMaxExchangeRateAgeDays(config.exchangeRateMaxAgeDays);
  const sessionCache = new SessionCache(database, { mustSetupMfa, isAddressAllowed });
  await sessionCache.start();
  await app.register(cookie);
  installErrorHandling(app, (key, locale) => viewFieldLabel(db, key, locale));

  // The readable anti-forgery cookie the portal echoes in X-XSRF-TOKEN (DESIGN.md "The API").
  // A callback hook: it runs on every request, and an async one costs a promise each time (issue 12).
  // The partner API is server to server and sets no cookie (issue 33).
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.cookies[XSRF_COOKIE] && !request.url.startsWith(PARTNER_API_PREFIX)) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        httpOnly: false,
        sameSite: 'strict',
        secure: request.protocol === 'https',
      });
    }
    done();
  });
  installSecurityHeaders(app);

  // Approving a change request makes the subscription change it holds (orders/changeApprovals.ts).
  setChangeAppliers(subscriptionChangeAppliers);
  const registry = new OperationRegistry();
  registry.register(
    ...authOperations,
    ...selfCareOperations,
    ...mfaOperations,
    ...signInPolicyOperations,
    ...securityOperations,
    ...accountOperations,
    ...searchOperations,
    ...ssoOperations,
    ...supportOperations,
    ...knowledgeBaseOperations,
    ...termsOperations,
    ...brandingOperations,
    ...analyticsOperations,
    ...accountViewOperations,
    ...accountTreeOperations,
    ...accountLifecycleOperations,
    ...userOperations,
    ...auditLogOperations,
    ...notificationOperations,
    ...chatBotOperations,
    ...marketplaceOperations,
    ...pricingOperations,
    ...customChargeOperations,
    ...serviceManagementOperations,
    ...orderOperations,
    ...provisioningOperations,
    ...subscriptionOperations,
    ...upgradeOperations,
    ...orderAttachmentOperations,
    ...reportingOperations,
    ...billingOperations,
    ...billingDownloadOperations,
    ...invoiceFileOperations,
    ...roleOperations,
    ...roleChangeOperations,
    ...adminConsoleOperations,
    ...salesQuoteOperations,
    ...landingPageOperations,
    ...importOperations,
    ...extraOperations,
  );
  // SSO_PROVIDERS → sso_providers and the login buttons of branding (README "Configuration").
  const ssoProviderSync = await syncSsoProviders(db, config, app.log);
  app.addHook('onClose', async () => ssoProviderSync.stop());
  const mail = mailer ?? createMailer(db, config.smtpUrl);
  registerOperationRoute(app, registry, db, config, mail, sessionCache);
  // issue 33: the partner SimpleAPI partners' existing integrations call, on the same domain functions.
  await registerPartnerApi(app, { operations: PARTNER_OPERATIONS, registry, db, config, mailer: mail, sessionCache, labelOf: (key, locale) => viewFieldLabel(db, key, locale) });
  // issue 16: the live-notification WebSocket at / and /ws/, fanned out between nodes through PostgreSQL.
  await registerLiveChannel(app, { database, config, sessionCache, registry });
  // Background work on the same database (DESIGN.md "jobs"); stopped before the database closes.
  const jobs: JobRunner = new JobRunner(database, app.log, [
    ...accountLifecycleJobs,
    ...authJobs({ config, mailer: mail }),
    ...propagationJobs,
    ...idempotencyJobs,
    ...statisticsJobs,
    ...provisioningJobs({ send: (name, data, options) => jobs.send(name, data, options) }),
    ...subscriptionJobs,
    ...billingJobs({ send: (name, data, options) => jobs.send(name, data, options) }),
    ...invoiceFileJobs({ config, mailer: mail }),
    ...adminConsoleJobs(config),
    ...importJobs({ send: (name, data, options) => jobs.send(name, data, options), mail: config }),
  ]);
  app.decorate('jobs', jobs);
  // Started a moment after the server answers (issue 12: start-up), not in its way; a job sent
  // before then starts the runner at once (JobRunner.send), and closing waits for it (JobRunner.stop).
  const jobRunnerStart = setTimeout(() => {
    jobs.start().catch((error: unknown) => app.log.error({ err: error }, 'the job runner did not start'));
  }, JOB_RUNNER_START_DELAY_MS);
  app.addHook('onClose', async () => {
    clearTimeout(jobRunnerStart);
    await jobs.stop();
  });

  // While the node cannot hear the others (its LISTEN connection lost: issue 30 item 8) it would miss
  // their sign-outs and live events: 503 lets a load balancer take it out until it listens again.
  app.get('/healthz', async (_request, reply) => {
    const notListening = database.listenerHealth().flatMap((listener) => (listener.isListening ? [] : [listener.channel]));
    return notListening.length ? reply.code(503).send({ status: 'degraded', notListening }) : { status: 'ok' };
  });

  // spec §2: logout endpoints, the only state change allowed on GET.
  for (const route of ['/keeper/logout', '/dash/logout']) {
    app.get(route, async (request, reply) => {
      await endSession(db, request, reply);
      await sessionCache.invalidateAll();
      return reply.redirect('/#/login');
    });
  }
  registerBrandingRoutes(app, db);
  registerKeeperRoutes(app, db);
  registerCustomChargeRoutes(app, db, config, sessionCache);
  registerInvoiceFileRoutes(app, db, config, sessionCache);

  // Built on first request: converting every schema takes a tenth of a second of start-up.
  let openApi: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/api/openapi.json', async () => (openApi ??= buildOpenApiDocument(registry)));
  let partnerOpenApi: ReturnType<typeof buildPartnerOpenApiDocument> | undefined;
  app.get('/api/partner-openapi.json', async () => (partnerOpenApi ??= buildPartnerOpenApiDocument(PARTNER_OPERATIONS)));
  await app.register(fastifyStatic, { root: swaggerUiFolder(), prefix: '/api/docs/', decorateReply: false, index: false });
  app.get('/api/docs', async (_request, reply) => reply.redirect('/api/docs/index.html'));
  app.get('/api/docs/swagger-initializer.js', async (_request, reply) =>
    reply
      .type('application/javascript')
      .send(
        'window.onload = () => { window.ui = SwaggerUIBundle({ urls: [{ url: "/api/openapi.json", name: "Portal API" }, { url: "/api/partner-openapi.json", name: "Partner SimpleAPI" }], ' +
          'dom_id: "#swagger-ui", deepLinking: true, presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: "StandaloneLayout" }); };',
      ),
  );

  if (existsSync(path.join(config.webDist, 'index.html'))) {
    registerPortalIndex(app, config.webDist, db);
    await registerPortalAssets(app, config.webDist);
  }
  return app;
}

/** swagger-ui-dist's folder; its index module loads the whole UI bundle (0.3 s) just to say where it is. */
function swaggerUiFolder(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}
