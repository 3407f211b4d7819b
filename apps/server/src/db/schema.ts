import type { ColumnType, Generated } from 'kysely';

/** Better Auth stores dates as Date on PostgreSQL and ISO strings on SQLite. */
type AuthDate = ColumnType<Date | string, Date | string, Date | string>;
/** Our own tables store UTC ISO-8601 strings on both databases (sortable, portable). */
type IsoTime = string;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  role: Generated<string>;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: ColumnType<number | string, number, number>;
}

export interface WorkspaceTable {
  id: string;
  name: string;
  ownerEmail: string;
  /** The account that proved it owns ownerEmail; null until one has (migration 010). */
  ownerUserId: string | null;
  status: string;
  plan: Generated<string>;
  planMonthlyUsd: number | null;
  /** IANA zone the workspace chose; null = each user's own. */
  timeZone: string | null;
  cadence: string | null;
  /** 0 or 1 once chosen; null follows the plan (on for managed and enterprise) (migration 012). */
  requireApproval: number | null;
  /** null: overdue posts go out at the next start; N: those more than N minutes late are held (migration 013). */
  holdLateMinutes: Generated<number | null>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface OnboardingRecordTable {
  workspaceId: string;
  /** JSON of TOnboardingData. */
  data: string;
  airtableRecordId: string | null;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface RequestTable {
  id: string;
  workspaceId: string | null;
  type: string;
  subject: string;
  requester: string;
  status: string;
  /** What the client wrote when opening it from the dashboard (migration 012). */
  description: Generated<string | null>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface TimelineEntryTable {
  id: string;
  subjectType: 'client' | 'request';
  subjectId: string;
  text: string;
  who: string;
  ts: IsoTime;
  /** 1: shown to the client on their request (opened, status, replies); 0: staff only (migration 012). */
  forClient: Generated<number>;
}

export interface WorkspaceManagerTable {
  workspaceId: string;
  email: string;
  createdAt: IsoTime;
}

export interface SettingTable {
  key: string;
  /** JSON. */
  value: string;
  updatedAt: IsoTime;
}

export interface JobTable {
  id: string;
  type: string;
  /** JSON. */
  payload: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  maxAttempts: number;
  runAt: IsoTime;
  lockedUntil: IsoTime | null;
  lastError: string | null;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

export interface WebhookDeliveryTable {
  id: string;
  eventId: string;
  eventType: string;
  url: string;
  attempt: number;
  status: 'succeeded' | 'failed';
  responseStatus: number | null;
  error: string | null;
  ts: IsoTime;
}

export interface DraftTable {
  id: string;
  workspaceId: string;
  channel: string;
  type: string;
  text: string;
  status: string;
  scheduledAt: IsoTime | null;
  publishedAt: IsoTime | null;
  mediaKey: string | null;
  mediaType: string | null;
  mediaName: string | null;
  /** null (never sent for review), 'in_review', 'approved' or 'changes_requested' (migration 012). */
  reviewState: Generated<string | null>;
  /** The request this draft answers, when staff made it from one (migration 012). */
  requestId: Generated<string | null>;
  /** The scheduler's claim (migration 013): whose run it is, and until when before another may take it over. */
  publishLease: Generated<string | null>;
  leaseUntil: Generated<IsoTime | null>;
  publishAttempts: Generated<number>;
  /** Why it failed, or the temporary error being retried. */
  failureReason: Generated<string | null>;
  /** How late after scheduledAt it went out (or was held). */
  lateSeconds: Generated<number | null>;
  /** 'hookline' when no network account was connected, else the network it went to. */
  publishedTo: Generated<string | null>;
  postUrl: Generated<string | null>;
  /** The connected account it goes to; null: the workspace's first of its channel (migration 014). */
  connectionId: Generated<string | null>;
  /** The network's id of the published post. */
  externalId: Generated<string | null>;
  /** The network's answer to a failed publish, word for word. */
  platformError: Generated<string | null>;
  /** JSON PostMetrics of the published post, fetched at metricsAt. */
  metrics: Generated<string | null>;
  metricsAt: Generated<IsoTime | null>;
  /** What was read from the media file at upload, for the networks' checks. */
  /** bigint: PostgreSQL answers it as a string. */
  mediaSize: Generated<number | string | null>;
  mediaWidth: Generated<number | null>;
  mediaHeight: Generated<number | null>;
  mediaDuration: Generated<number | null>;
  /** 1 or 0 (a video's audio track); null for images. */
  mediaHasAudio: Generated<number | null>;
  mediaAlt: Generated<string>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

/** A weekly posting slot in the workspace's time zone (migration 013). */
export interface PostingSlotTable {
  id: string;
  workspaceId: string;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** 'HH:MM', 24-hour wall-clock time. */
  time: string;
  createdAt: IsoTime;
}

/** A key for automation, scoped to one workspace; only its SHA-256 is kept (migration 013). */
export interface ApiKeyTable {
  id: string;
  workspaceId: string;
  name: string;
  tokenHash: string;
  /** The first characters of the key, to tell keys apart in the list. */
  prefix: string;
  createdBy: string;
  createdAt: IsoTime;
  lastUsedAt: IsoTime | null;
  revokedAt: IsoTime | null;
}

export interface SocialConnectionTable {
  id: string;
  workspaceId: string;
  provider: string;
  accountId: string;
  handle: string;
  /** AES-256-GCM ciphertext (lib/secret-box.ts), never the token itself. */
  accessToken: string;
  refreshToken: string | null;
  expiresAt: IsoTime | null;
  scope: string | null;
  status: string;
  lastError: string | null;
  /** The Mastodon instance or Bluesky service (migration 014). */
  instanceUrl: Generated<string | null>;
  /** When the owner was mailed to reconnect; cleared when it works again. */
  reauthMailedAt: Generated<IsoTime | null>;
  /** Until when one runner is renewing its tokens. */
  refreshLeaseUntil: Generated<IsoTime | null>;
  createdAt: IsoTime;
  updatedAt: IsoTime;
}

/** Hookline's OAuth client at one Mastodon instance; clientSecret sealed (migration 014). */
export interface NetworkAppTable {
  id: string;
  provider: string;
  instanceUrl: string;
  redirectUri: string;
  clientId: string;
  clientSecret: string;
  createdAt: IsoTime;
}

export interface ClipJobTable {
  id: string;
  userId: string;
  /** The workspace it was started in (migration 011); null: outside any, seen by its starter only. */
  workspaceId: string | null;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  stage: string;
  percent: Generated<number>;
  /** JSON: input type, clip duration, number of clips, subtitles, source file or URL. */
  params: string;
  /** JSON of the finished response (without signed URLs, which are made per request). */
  result: string | null;
  detail: string | null;
  createdAt: IsoTime;
  updatedAt: IsoTime;
  finishedAt: IsoTime | null;
  expiresAt: IsoTime | null;
}

/** An owner's invitation to a client's workspace (migration 009). */
export interface InvitationTable {
  id: string;
  workspaceId: string;
  /** Lower-cased, like workspace.ownerEmail. */
  email: string;
  /** SHA-256 (hex) of the mailed token; the token itself is never stored. */
  tokenHash: string;
  /** The staff member's email, as on the timeline. */
  invitedBy: string;
  expiresAt: IsoTime;
  acceptedAt: IsoTime | null;
  createdAt: IsoTime;
  /** null: the owner's invitation; 'editor' or 'approver': a teammate's (migration 012). */
  role: Generated<string | null>;
}

/** A client owner's teammate in the owner's workspace (migration 012). */
export interface WorkspaceMemberTable {
  workspaceId: string;
  userId: string;
  /** 'editor' or 'approver'. */
  role: string;
  createdAt: IsoTime;
}

/** One comment on a draft (migration 012). */
export interface DraftCommentTable {
  id: string;
  draftId: string;
  authorName: string;
  authorEmail: string | null;
  /** 'client' (owner or member), 'staff', or 'reviewer' (through a review link). */
  authorKind: string;
  /** 1: staff only, never sent to the client side. */
  internal: Generated<number>;
  text: string;
  createdAt: IsoTime;
}

/** A link that lets someone without an account approve or comment on some drafts (migration 012). */
export interface ReviewLinkTable {
  id: string;
  workspaceId: string;
  /** SHA-256 (hex) of the mailed token. */
  tokenHash: string;
  email: string;
  /** JSON array of draft ids. */
  draftIds: string;
  createdBy: string;
  expiresAt: IsoTime;
  revokedAt: IsoTime | null;
  createdAt: IsoTime;
}

/** A file a client attached to a request (migration 012; size 64-bit since 016, a string from PostgreSQL). */
export interface RequestAttachmentTable {
  id: string;
  requestId: string;
  fileKey: string;
  name: string;
  contentType: string;
  size: number | string;
  createdAt: IsoTime;
}

/** A questionnaire kept beside its request instead of replacing a record (migration 010). */
export interface OnboardingSubmissionTable {
  id: string;
  requestId: string;
  /** The workspace whose owner email it named; null for an address no workspace may be made for. */
  workspaceId: string | null;
  /** JSON of TOnboardingData. */
  data: string;
  createdAt: IsoTime;
  /** When staff applied it to the workspace's record, and who (their email). */
  appliedAt: IsoTime | null;
  appliedBy: string | null;
}

/** Failed password sign-ins of one address, for the per-account throttle (migration 010). */
export interface SignInFailureTable {
  /** Lower-cased. */
  email: string;
  /** Failures in the current run: since the last success, reset, or an hour without a failure. */
  failures: number;
  lockedUntil: IsoTime | null;
  lastFailureAt: IsoTime;
}

/**
 * SQLite only (migration 008): the client search's FTS5 table (trigram tokenizer on name and
 * ownerEmail), with the list's sort keys, lower-cased, beside them. Triggers on workspace write it.
 */
export interface ClientSearchTable {
  id: string;
  name: string;
  ownerEmail: string;
  nameKey: string;
  ownerKey: string;
  status: string;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  workspace: WorkspaceTable;
  onboardingRecord: OnboardingRecordTable;
  request: RequestTable;
  timelineEntry: TimelineEntryTable;
  workspaceManager: WorkspaceManagerTable;
  setting: SettingTable;
  job: JobTable;
  webhookDelivery: WebhookDeliveryTable;
  draft: DraftTable;
  socialConnection: SocialConnectionTable;
  clipJob: ClipJobTable;
  clientSearch: ClientSearchTable;
  invitation: InvitationTable;
  onboardingSubmission: OnboardingSubmissionTable;
  signInFailure: SignInFailureTable;
  workspaceMember: WorkspaceMemberTable;
  draftComment: DraftCommentTable;
  reviewLink: ReviewLinkTable;
  requestAttachment: RequestAttachmentTable;
  postingSlot: PostingSlotTable;
  apiKey: ApiKeyTable;
  networkApp: NetworkAppTable;
}
