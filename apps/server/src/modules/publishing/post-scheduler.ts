import crypto from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { PUBLISHED_IN_HOOKLINE } from '@hookline/shared';
import type { Db, DbKind } from '../../db/database.ts';
import type { DraftRow } from '../drafts/draft-row.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { firstWords } from '../workspaces/record-staff-action.ts';
import { approvalRequired } from '../workspaces/workspace-of-user.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { PollingLoop } from '../../lib/jobs/polling-loop.ts';
import { PublishError, type PublisherLookup } from './channel-publisher.ts';

export interface PostSchedulerOptions {
  db: Db;
  kind: DbKind;
  log: FastifyBaseLogger;
  publisherFor: PublisherLookup;
  /** How often to look for due posts; a post goes out at most about this late. */
  pollMs: number;
  /** Delay before retry n of a temporary failure: base * 2^(n-1), or the network's Retry-After if longer. */
  retryBaseMs: number;
  /** Posts published side by side by this process. */
  concurrency?: number;
  /** Tries before a temporarily failing post is marked failed. */
  maxAttempts?: number;
  /** How long a claimed post is this runner's before another may take it over (the runner died). */
  leaseMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

const SCHEDULER = 'Scheduler';

/** Where a post went: 'hookline' or the network, with the network's id and link of it. */
interface Posted {
  publishedTo: string;
  postUrl: string | null;
  externalId: string | null;
  connectionId: string | null;
}
const MAX_RETRY_AFTER_MS = 60 * 60_000;
/** Tries at writing down a published post, a second more apart each time, while the lease is renewed. */
const RECORD_ATTEMPTS = 5;
const RECORD_RETRY_MS = 1000;

/**
 * Publishes queued drafts when their time comes, and drafts sent to publish now. A draft is claimed
 * by one guarded UPDATE that gives it a lease (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: one
 * writer), so any number of app instances and workers share the work and each post goes out once.
 * Nothing else is queued for a post: its own row says when it is due, so rescheduling or taking it
 * back to draft before it is claimed needs nothing cancelled, and posts that fell due while nothing
 * was running are simply due at the next start. A runner that dies mid-publish leaves a lease that
 * runs out; another runner then takes the post over.
 */
export class PostScheduler {
  private readonly loop: PollingLoop;
  private readonly now: () => Date;
  private readonly leaseMs: number;

  constructor(private readonly options: PostSchedulerOptions) {
    this.now = options.now ?? (() => new Date());
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.loop = new PollingLoop({ pollMs: options.pollMs, log: options.log, name: 'scheduler', pass: () => this.publishDue() });
  }

  start(): void {
    this.loop.start();
  }

  /** Looks for due posts now (after Publish now) instead of at the next poll. */
  kick(): void {
    this.loop.kick();
  }

  /** Stops polling, aborts the publishes in hand (they are handed back) and waits for them. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Publishes every post due now, up to `concurrency` at a time, until none is left; answers how
   * many it handled. Each worker claims its next post as soon as it is done with one, so a slow
   * network holds up only its own post; more workers start only once something was due. A worker
   * whose database call fails stops (the post stays claimed until its lease runs out); the others
   * go on, and the pass ends only when all are done, so stop() never leaves a publish behind.
   */
  async publishDue(): Promise<number> {
    let handled = 0;
    const work = async (first?: DraftRow) => {
      try {
        for (let draft = first ?? (await this.claimNext()); draft; draft = await this.claimNext()) {
          await this.publishClaimed(draft);
          handled += 1;
          if (this.loop.signal.aborted) return;
        }
      } catch (error) {
        this.options.log.error({ err: error }, 'scheduler worker stopped');
      }
    };
    const first = await this.claimNext();
    if (!first) return 0;
    const others = Array.from({ length: (this.options.concurrency ?? 16) - 1 }, () => work());
    await Promise.all([work(first), ...others]);
    return handled;
  }

  /**
   * The earliest due post, claimed for this runner: a queued post whose time has come, or a
   * publishing one whose lease is over (Publish now leaves none; a retry leaves its backoff; a dead
   * runner leaves its own).
   */
  private async claimNext(): Promise<DraftRow | undefined> {
    const { db, kind } = this.options;
    const now = this.now().toISOString();
    const due = db
      .selectFrom('draft')
      .select('id')
      .where('status', 'in', ['queued', 'publishing'])
      .where('scheduledAt', '<=', now)
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
      .orderBy('scheduledAt')
      .limit(1)
      .$if(kind === 'postgres', (qb) => qb.modifyEnd(sql`for update skip locked`));
    return db
      .updateTable('draft')
      .set((eb) => ({
        status: 'publishing',
        publishLease: crypto.randomUUID(),
        leaseUntil: new Date(Date.parse(now) + this.leaseMs).toISOString(),
        publishAttempts: eb('publishAttempts', '+', 1),
        updatedAt: now,
      }))
      .where('id', '=', (eb) => eb.selectFrom(due.as('due')).select('due.id'))
      .returningAll()
      .executeTakeFirst();
  }

  private async publishClaimed(draft: DraftRow): Promise<void> {
    const { log } = this.options;
    if (await this.waitsForAPerson(draft)) return;
    const renew = setInterval(() => {
      this.finish(draft, { leaseUntil: new Date(this.now().getTime() + this.leaseMs).toISOString() }).catch((error: unknown) =>
        log.warn({ err: error, draftId: draft.id }, 'publish lease renewal failed'),
      );
    }, this.leaseMs / 3);
    renew.unref();
    try {
      let posted: Posted;
      try {
        const publisher = await this.options.publisherFor(draft);
        const answer = publisher ? await publisher.publish(draft, { signal: this.loop.signal }) : null;
        posted = {
          publishedTo: publisher?.network ?? PUBLISHED_IN_HOOKLINE,
          // Its link is kept only as a web address, whatever the network answered.
          postUrl: answer?.url && /^https?:\/\//i.test(answer.url) ? answer.url : null,
          externalId: answer?.externalId ?? null,
          connectionId: publisher?.connectionId ?? draft.connectionId,
        };
      } catch (error) {
        await this.markFailedTry(draft, error);
        return;
      }
      // The network has the post: only the record is left, and it must not send it again.
      await this.recordPublished(draft, posted);
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * Posts a person must decide on are held instead of published: one that needs approval and does
   * not have it (the workspace started requiring approval after it was queued), and one that fell
   * due long before it was claimed (nothing was running) when the workspace asks for that.
   */
  private async waitsForAPerson(draft: DraftRow): Promise<boolean> {
    const workspace = await this.options.db
      .selectFrom('workspace')
      .select(['holdLateMinutes', 'requireApproval', 'plan'])
      .where('id', '=', draft.workspaceId)
      .executeTakeFirstOrThrow();
    const lateMs = Math.max(0, this.now().getTime() - Date.parse(draft.scheduledAt!));
    const lateSeconds = Math.round(lateMs / 1000);
    if (approvalRequired(workspace) && draft.reviewState !== 'approved') {
      const reason =
        'This workspace requires approval before publishing. Send it for review; once it is approved, publish it now or choose a new time.';
      await this.finishWithLine(draft, { status: 'held', failureReason: reason, lateSeconds }, 'Post held (not approved)');
      return true;
    }
    const { holdLateMinutes } = workspace;
    if (holdLateMinutes === null || lateMs < 60_000 || lateMs <= holdLateMinutes * 60_000) return false;
    const minutes = Math.round(lateMs / 60_000);
    const late = minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`;
    const reason = `It was due ${late} before Hookline could publish it. Publish it now, or choose a new time.`;
    await this.finishWithLine(draft, { status: 'held', failureReason: reason, lateSeconds }, `Post held (${late} late)`);
    return true;
  }

  /**
   * Records a post the network took. A failing write is tried again (the lease is renewed meanwhile)
   * rather than treated as a failed publish, which would send the post a second time.
   */
  private async recordPublished(draft: DraftRow, posted: Posted): Promise<void> {
    const { publishedTo, postUrl } = posted;
    const where = publishedTo === PUBLISHED_IN_HOOKLINE ? 'in Hookline only' : `to ${publishedTo}`;
    for (let attempt = 1; ; attempt += 1) {
      const publishedAt = this.now().toISOString();
      const lateSeconds = Math.max(0, Math.round((Date.parse(publishedAt) - Date.parse(draft.scheduledAt!)) / 1000));
      try {
        await this.finishWithLine(
          draft,
          { status: 'published', publishedAt, ...posted, lateSeconds, failureReason: null, platformError: null },
          `Post published ${where}`,
          { type: 'draft.published', data: { publishedTo, postUrl, lateSeconds } },
        );
        return;
      } catch (error) {
        if (attempt >= RECORD_ATTEMPTS) throw error;
        this.options.log.warn({ err: error, draftId: draft.id, attempt }, 'recording a published post failed; trying again');
        await delay(RECORD_RETRY_MS * attempt);
      }
    }
  }

  /** A temporary failure is tried again after a backoff (the post stays publishing); the rest fail it. */
  private async markFailedTry(draft: DraftRow, error: unknown): Promise<void> {
    if (this.loop.signal.aborted) {
      // Stopped mid-publish (shutdown): hand it back as it was, without spending a try.
      await this.finish(draft, {
        status: draft.publishAttempts === 1 ? 'queued' : 'publishing',
        leaseUntil: null,
        publishLease: null,
        publishAttempts: draft.publishAttempts - 1,
      });
      return;
    }
    const known = error instanceof PublishError;
    const message = known ? error.message : `Publishing failed: ${(error as Error)?.message ?? String(error)}`;
    const platformError = known ? error.platformError : null;
    const temporary = !known || error.temporary;
    const maxAttempts = this.options.maxAttempts ?? 5;
    if (temporary && draft.publishAttempts < maxAttempts) {
      const backoff = this.options.retryBaseMs * 2 ** (draft.publishAttempts - 1);
      // A network's Retry-After is followed up to an hour: longer, and a person could not act on the post meanwhile.
      const retryAfter = Math.min((known && error.retryAfterMs) || 0, MAX_RETRY_AFTER_MS);
      const retryAt = new Date(this.now().getTime() + Math.max(backoff, retryAfter));
      this.options.log.warn({ draftId: draft.id, attempt: draft.publishAttempts }, `publish will be retried: ${message}`);
      await this.finish(draft, { leaseUntil: retryAt.toISOString(), publishLease: null, failureReason: message, platformError });
      return;
    }
    const lateSeconds = Math.max(0, Math.round((this.now().getTime() - Date.parse(draft.scheduledAt!)) / 1000));
    await this.finishWithLine(draft, { status: 'failed', failureReason: message, platformError, lateSeconds }, `Post failed: ${message}`, {
      type: 'draft.failed',
      data: { reason: message },
    });
  }

  /**
   * Writes the outcome, only while the claim is still this runner's (the post was not deleted, nor
   * taken over after the lease ran out); answers whether it was.
   */
  private async finish(
    draft: DraftRow,
    set: Partial<
      Pick<
        DraftRow,
        | 'status'
        | 'publishedAt'
        | 'publishedTo'
        | 'postUrl'
        | 'lateSeconds'
        | 'failureReason'
        | 'platformError'
        | 'externalId'
        | 'connectionId'
        | 'leaseUntil'
        | 'publishLease'
        | 'publishAttempts'
      >
    >,
    db: Db = this.options.db,
  ): Promise<boolean> {
    const ending = set.status !== undefined && set.status !== 'publishing';
    const result = await db
      .updateTable('draft')
      .set({ ...set, ...(ending ? { publishLease: null, leaseUntil: null } : {}), updatedAt: this.now().toISOString() })
      .where('id', '=', draft.id)
      .where('status', '=', 'publishing')
      .where('publishLease', '=', draft.publishLease)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** An outcome with its line on the client's timeline (and a webhook event), in one transaction. */
  private finishWithLine(
    draft: DraftRow,
    set: Parameters<PostScheduler['finish']>[1],
    line: string,
    event?: { type: 'draft.published' | 'draft.failed'; data: Record<string, unknown> },
  ): Promise<void> {
    return this.options.db.transaction().execute(async (trx) => {
      if (!(await this.finish(draft, set, trx))) return;
      const ts = this.now().toISOString();
      const text = draft.text.trim() ? `${line}: ${firstWords(draft.text)}` : line;
      await addTimelineEntry(trx, { subjectType: 'client', subjectId: draft.workspaceId, text, who: SCHEDULER, ts });
      if (event)
        await emitWebhookEvent(trx, event.type, {
          workspaceId: draft.workspaceId,
          draftId: draft.id,
          channel: draft.channel,
          ...event.data,
        });
    });
  }
}
