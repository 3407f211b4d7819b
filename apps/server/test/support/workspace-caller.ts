import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { WORKSPACE_HEADER, type TMemberRole } from '@hookline/shared';
import type { Db } from '../../src/db/database.ts';
import type { ApiCaller, HttpMethod } from './admin.ts';
import { multipartBody, type MultipartPart } from './multipart.ts';
import { ORIGIN, type TestApp } from './test-app.ts';

/** A multipart/form-data body for sendInWorkspace: the parts a browser's FormData would send. */
export interface MultipartRequest {
  multipart: MultipartPart[];
}

/**
 * Calls the API as the dashboard does: as one caller (a session cookie, or nobody), naming a
 * workspace in the header (null names none: the caller's own), with a JSON body or, given
 * { multipart: parts }, a multipart one.
 */
export async function sendInWorkspace(
  t: TestApp,
  workspace: string | null,
  caller: ApiCaller,
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...ORIGIN, ...(caller.cookie ? { cookie: caller.cookie } : {}) };
  if (workspace !== null) headers[WORKSPACE_HEADER] = workspace;
  if (body && typeof body === 'object' && 'multipart' in body) {
    const encoded = await multipartBody((body as MultipartRequest).multipart);
    return t.app.inject({ method, url, headers: { ...headers, ...encoded.headers }, payload: encoded.payload });
  }
  return t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
}

/** Makes an account a teammate at once, without the invitation, for suites about what teammates may do. */
export async function addTeammate(t: TestApp, workspaceId: string, caller: ApiCaller, role: TMemberRole): Promise<ApiCaller> {
  await t.db
    .insertInto('workspaceMember')
    .values({ workspaceId, userId: caller.userId, role, createdAt: new Date().toISOString() })
    .execute();
  return caller;
}

/** The lines on a client's timeline (what and who), oldest first. */
export function clientTimeline(db: Db, workspaceId: string): Promise<Array<{ text: string; who: string }>> {
  return db
    .selectFrom('timelineEntry')
    .select(['text', 'who'])
    .where('subjectType', '=', 'client')
    .where('subjectId', '=', workspaceId)
    .orderBy('ts')
    .orderBy('id')
    .execute();
}

/** A small PNG that the type check and image tools take for one, in a colour of its own. */
export function testPng(background = '#3a3', width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}
