import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canManageWorkspace,
  ZApiError,
  ZInviteMemberRequest,
  ZListMembersResponse,
  ZMemberInvitation,
  ZMemberInvitationParams,
  ZMemberParams,
  ZUpdateMemberRequest,
  ZWorkspaceMember,
} from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { inviterLabel, sendInvitation } from '../invitations/send-invitation.ts';
import { assertManagesWorkspace, workspaceOfRequest, ZWorkspaceHeaders } from '../workspaces/resolve-workspace.ts';
import { cancelMemberInvitation } from './cancel-member-invitation.ts';
import { changeMemberRole } from './change-member-role.ts';
import { inviteMember } from './invite-member.ts';
import { listMembers } from './list-members.ts';
import { removeMember } from './remove-member.ts';

const tags = ['members'];
const headers = ZWorkspaceHeaders;
// 403: a teammate changing the team, besides the workspace rule's (staff without a workspace named,
// an unassigned manager, an address waiting for its proof). 404: a workspace, member or invitation
// the caller cannot see.
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const MANAGE_TEAM = 'invite, change or remove teammates';

/**
 * Members of a client's workspace (the owner's teammates) and their invitations, under
 * /api/workspace/members: everyone working there sees the team; the owner and staff change it; a
 * teammate may leave. Each change goes on the client's timeline under whoever made it.
 */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  // Each invitation sends a mail to an address of the caller's choosing: limited per account, as sign-up is per address.
  const inviteLimit = {
    max: ctx.config.SIGNIN_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request: { user?: { id: string }; ip: string }) => `invite:${request.user?.id ?? request.ip}`,
  };

  app.get('/api/workspace/members', { schema: { tags, headers, response: { 200: ZListMembersResponse, ...errors } } }, async (request) =>
    listMembers(db, (await workspaceOfRequest(db, request)).id),
  );

  app.post(
    '/api/workspace/members/invitations',
    {
      config: { rateLimit: inviteLimit },
      schema: {
        tags,
        headers,
        body: ZInviteMemberRequest,
        response: { 201: ZMemberInvitation, 409: ZApiError, 429: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const workspace = await workspaceOfRequest(db, request);
      assertManagesWorkspace(workspace, MANAGE_TEAM);
      const user = sessionUserOf(request);
      const { invitation, token } = await inviteMember(db, {
        ...request.body,
        workspace,
        who: user.email,
        founders: ctx.config.FOUNDER_EMAIL,
      });
      // After the commit: a mail that fails to send is logged, the invitation stands (it can be sent again).
      await sendInvitation(ctx, {
        email: invitation.email,
        workspaceName: workspace.name,
        token,
        teammate: { inviter: inviterLabel(user), role: invitation.role },
      }).catch((error) => request.log.error({ err: error }, 'invitation mail failed'));
      return reply.status(201).send(invitation);
    },
  );

  app.delete(
    '/api/workspace/members/invitations/:id',
    { schema: { tags, headers, params: ZMemberInvitationParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const workspace = await workspaceOfRequest(db, request);
      assertManagesWorkspace(workspace, MANAGE_TEAM);
      await cancelMemberInvitation(db, { workspaceId: workspace.id, id: request.params.id, who: sessionUserOf(request).email });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/workspace/members/:userId',
    { schema: { tags, headers, params: ZMemberParams, body: ZUpdateMemberRequest, response: { 200: ZWorkspaceMember, ...errors } } },
    async (request) => {
      const workspace = await workspaceOfRequest(db, request);
      assertManagesWorkspace(workspace, MANAGE_TEAM);
      return changeMemberRole(db, {
        workspaceId: workspace.id,
        userId: request.params.userId,
        role: request.body.role,
        who: sessionUserOf(request).email,
      });
    },
  );

  app.delete(
    '/api/workspace/members/:userId',
    { schema: { tags, headers, params: ZMemberParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const workspace = await workspaceOfRequest(db, request);
      const user = sessionUserOf(request);
      // A teammate may always leave; removing anyone else is the owner's and staff's.
      const leaving = user.id === request.params.userId && !canManageWorkspace(workspace.access);
      if (!leaving) assertManagesWorkspace(workspace, MANAGE_TEAM);
      await removeMember(db, { workspaceId: workspace.id, userId: request.params.userId, who: user.email });
      return reply.status(204).send(null);
    },
  );
};
