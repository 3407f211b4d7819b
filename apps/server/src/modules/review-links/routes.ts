import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isStaffAccess,
  ZApiError,
  ZCreateReviewLinkRequest,
  ZIdParams,
  ZListReviewLinksResponse,
  ZReviewDecisionRequest,
  ZReviewDraft,
  ZReviewLink,
  ZReviewLookupRequest,
  ZReviewMediaQuery,
  ZReviewPage,
} from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { resolveAuthSecret } from '../../lib/auth-secret.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { sendDraftMedia } from '../drafts/draft-media.ts';
import { mailReviewDecision } from '../drafts/review-mails.ts';
import { changeWithStaffRecord } from '../workspaces/record-staff-action.ts';
import { workspaceOfRequest, ZWorkspaceHeaders } from '../workspaces/resolve-workspace.ts';
import { sendReviewLink } from './review-link-mail.ts';
import { createReviewLink, listReviewLinks, refuseStaffReviewer, revokeReviewLink } from './review-link-store.ts';
import { decideByReviewLink, lookUpReviewPage } from './review-page.ts';
import { verifyReviewMediaSignature } from './review-media-url.ts';

const tags = ['review links'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const publicErrors = { 400: ZApiError, 404: ZApiError, 409: ZApiError, 410: ZApiError, 429: ZApiError };
const headers = ZWorkspaceHeaders;

/**
 * Review links: staff mail them to the client's reviewers (never to a Hookline address); anyone
 * holding one approves or requests changes without an account.
 */
export const reviewLinkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const secret = resolveAuthSecret(ctx.config);
  // The token is the only proof a reviewer has: guessing is limited like signing in.
  const rateLimit = { max: ctx.config.SIGNIN_RATE_LIMIT, timeWindow: '1 minute' };

  /** Staff send and manage review links; the client's own people approve in the dashboard instead. */
  const staffScope = async (request: Parameters<typeof workspaceOfRequest>[1]) => {
    const workspace = await workspaceOfRequest(db, request);
    if (!isStaffAccess(workspace.access)) throw new HttpError(403, 'Only the Hookline team can send and manage review links.');
    const user = sessionUserOf(request);
    return { workspace, user, staff: { workspace, who: user.email } };
  };

  app.get('/api/review-links', { schema: { tags, headers, response: { 200: ZListReviewLinksResponse, ...errors } } }, async (request) => ({
    links: await listReviewLinks(db, (await staffScope(request)).workspace.id),
  }));

  app.post(
    '/api/review-links',
    { schema: { tags, headers, body: ZCreateReviewLinkRequest, response: { 201: ZReviewLink, ...errors } } },
    async (request, reply) => {
      const { workspace, user, staff } = await staffScope(request);
      const by = { name: user.name || user.email, email: user.email, kind: 'staff' as const };
      const { link, token } = await changeWithStaffRecord(
        db,
        staff,
        async (trx) => {
          await refuseStaffReviewer(trx, { email: request.body.email, sender: user.email, founders: ctx.config.FOUNDER_EMAIL });
          return createReviewLink(trx, { workspace, ...request.body, by });
        },
        (created) =>
          `Review link sent to ${created.link.email} (${created.link.draftIds.length === 1 ? '1 draft' : `${created.link.draftIds.length} drafts`})`,
      );
      // After the commit: a mail that fails to send is logged; the link stands and can be revoked.
      await sendReviewLink(ctx, {
        email: link.email,
        workspaceName: workspace.name,
        draftCount: link.draftIds.length,
        expiresAt: link.expiresAt,
        token,
      }).catch((error) => request.log.error({ err: error }, 'review link mail failed'));
      return reply.status(201).send(link);
    },
  );

  app.post(
    '/api/review-links/:id/revoke',
    { schema: { tags, headers, params: ZIdParams, response: { 200: ZReviewLink, ...errors } } },
    async (request) => {
      const { workspace, staff } = await staffScope(request);
      return changeWithStaffRecord(
        db,
        staff,
        (trx) => revokeReviewLink(trx, workspace.id, request.params.id),
        (revoked) => `Review link revoked: ${revoked.email}`,
      );
    },
  );

  // Public: the reviewer has no account. The mailed token is the proof, sent in the body.
  app.post(
    '/api/review/lookup',
    { config: { public: true, rateLimit }, schema: { tags, body: ZReviewLookupRequest, response: { 200: ZReviewPage, ...publicErrors } } },
    async (request) => lookUpReviewPage(db, secret, request.body.token),
  );

  app.post(
    '/api/review/decide',
    {
      config: { public: true, rateLimit },
      schema: { tags, body: ZReviewDecisionRequest, response: { 200: ZReviewDraft, ...publicErrors } },
    },
    async (request) => {
      const decided = await decideByReviewLink(db, secret, request.body);
      await mailReviewDecision(
        { db, mailer: ctx.mailer, config: ctx.config, log: request.log },
        {
          workspace: decided.workspace,
          draft: decided.draft,
          decision: request.body.decision,
          by: decided.by,
          comment: request.body.comment,
        },
      );
      return decided.page;
    },
  );

  // An <img> or <video> on the review page fetches this without a session or the token: the
  // short-lived signature it was given is the proof.
  app.get(
    '/api/review/media/:id',
    { config: { public: true }, compress: false, schema: { tags, params: ZIdParams, querystring: ZReviewMediaQuery, hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      const found = await db.selectFrom('draft').select(['mediaKey', 'mediaType', 'mediaName']).where('id', '=', id).executeTakeFirst();
      // Signed for the file the draft had then: a replaced (or removed) file, like an unknown
      // draft, is refused in the same words, so the URL tells nothing about what exists.
      const signed =
        found?.mediaKey &&
        verifyReviewMediaSignature(secret, {
          draftId: id,
          mediaKey: found.mediaKey,
          expiresAt: request.query.expires,
          sig: request.query.sig,
        });
      if (!signed) throw new HttpError(403, 'This media link is invalid or has expired. Reload the review page.');
      return sendDraftMedia(request, reply, ctx.files, found);
    },
  );
};
