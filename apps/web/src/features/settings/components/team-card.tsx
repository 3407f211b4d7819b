import { useId, useState, type FormEvent } from 'react';
import { LogOut, Send, Trash2, X } from 'lucide-react';
import {
  MEMBER_ROLE_DUTIES,
  MEMBER_ROLES,
  type TMemberInvitation,
  type TMemberRole,
  type TWorkspace,
  type TWorkspaceMember,
} from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { SectionCard, SkeletonLines } from '@/components/ui/section-card';
import { Select } from '@/components/ui/select';
import { clearActiveWorkspace } from '@/lib/active-workspace';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { toast } from '@/lib/toast';
import { useCancelMemberInvitation } from '../api/cancel-member-invitation';
import { useChangeMemberRole } from '../api/change-member-role';
import { useInviteMember } from '../api/invite-member';
import { useMembers } from '../api/list-members';
import { useRemoveMember } from '../api/remove-member';
import { managesWorkspace, onlyManagersNote } from '@/lib/only-managers';
import { RemoveMemberDialog, type Removal } from './remove-member-dialog';

const ROLE_LABELS: Record<TWorkspaceMember['role'], string> = { owner: 'Owner', editor: 'Editor', approver: 'Approver' };

/**
 * Settings' Team: the people working in the workspace and the invitations still waiting. Its owner
 * and staff invite (email and role), change roles, remove teammates and cancel invitations; a
 * teammate sees the list, may leave, and is told who changes the rest.
 */
export default function TeamCard({ workspace }: { workspace: TWorkspace }) {
  const canManage = managesWorkspace(workspace);
  const members = useMembers();
  const { user } = useAuth();
  const [removal, setRemoval] = useState<Removal | null>(null);
  const remove = useRemoveMember();

  const confirmRemoval = ({ member, leaving }: Removal) =>
    remove.mutate(member.userId, {
      onSuccess: () => {
        if (leaving) {
          toast.success('You left the workspace', { description: workspace.name });
          // A full load: nothing of the workspace left stays on screen or in the cache.
          clearActiveWorkspace();
          window.location.assign('/dashboard');
          return;
        }
        toast.success('Teammate removed', { description: member.email });
      },
      onError: (error) => toast.error(leaving ? 'Leaving failed' : 'Remove failed', { description: errorMessage(error, 'Unknown error') }),
      onSettled: () => setRemoval(null),
    });

  return (
    <SectionCard
      title="Team"
      description={
        canManage
          ? `Invite teammates to ${workspace.name}: an editor ${MEMBER_ROLE_DUTIES.editor}; an approver ${MEMBER_ROLE_DUTIES.approver}.`
          : `The people working in ${workspace.name}.`
      }
    >
      {members.isPending ? (
        <div role="status">
          <span className="sr-only">Loading the team…</span>
          <SkeletonLines count={3} />
        </div>
      ) : members.isError ? (
        <Alert tone="error">Could not load the team: {members.error.message}</Alert>
      ) : (
        <div className="grid gap-5">
          <ul aria-label="Team members" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
            {members.data.members.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                isMe={member.userId === user?.uid}
                canManage={canManage}
                onRemove={(leaving) => setRemoval({ member, leaving })}
              />
            ))}
          </ul>
          {members.data.invitations.length > 0 ? <Invitations invitations={members.data.invitations} canManage={canManage} /> : null}
        </div>
      )}
      {canManage ? (
        <InviteForm />
      ) : (
        <p className="mt-4 text-sm text-slate-500">{onlyManagersNote(workspace.name, 'invite, change or remove teammates')}</p>
      )}
      <RemoveMemberDialog
        removal={removal}
        workspaceName={workspace.name}
        removing={remove.isPending}
        onCancel={() => setRemoval(null)}
        onConfirm={confirmRemoval}
      />
    </SectionCard>
  );
}

function MemberRow({
  member,
  isMe,
  canManage,
  onRemove,
}: {
  member: TWorkspaceMember;
  isMe: boolean;
  canManage: boolean;
  onRemove: (leaving: boolean) => void;
}) {
  const change = useChangeMemberRole();
  const teammate = member.role !== 'owner';
  const setRole = (role: TMemberRole) =>
    change.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => toast.success('Role changed', { description: `${member.email} is now ${ROLE_LABELS[role].toLowerCase()}.` }),
        onError: (error) => toast.error('Role change failed', { description: errorMessage(error, 'Unknown error') }),
      },
    );
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" aria-label={member.email}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">
          {member.name || member.email}
          {isMe ? <span className="font-normal text-slate-500"> (you)</span> : null}
        </p>
        {member.name ? <p className="truncate text-xs text-slate-500">{member.email}</p> : null}
      </div>
      {teammate && canManage ? (
        <Select
          aria-label={`Role of ${member.email}`}
          value={member.role}
          disabled={change.isPending}
          onChange={(event) => setRole(event.target.value as TMemberRole)}
        >
          {MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Select>
      ) : (
        <Badge tone={teammate ? 'neutral' : 'brand'}>{ROLE_LABELS[member.role]}</Badge>
      )}
      {teammate && canManage ? (
        <Button size="sm" variant="ghost" onClick={() => onRemove(false)} aria-label={`Remove ${member.email}`}>
          <Trash2 className="size-4" aria-hidden /> Remove
        </Button>
      ) : teammate && isMe ? (
        <Button size="sm" variant="ghost" onClick={() => onRemove(true)}>
          <LogOut className="size-4" aria-hidden /> Leave workspace
        </Button>
      ) : null}
    </li>
  );
}

function Invitations({ invitations, canManage }: { invitations: TMemberInvitation[]; canManage: boolean }) {
  const headingId = useId();
  // The time the list was drawn: an invitation that runs out while the page is open shows so at the next load.
  const [now] = useState(() => Date.now());
  const cancel = useCancelMemberInvitation();
  const cancelInvitation = (invitation: TMemberInvitation) =>
    cancel.mutate(invitation.id, {
      onSuccess: () => toast.success('Invitation cancelled', { description: invitation.email }),
      onError: (error) => toast.error('Cancel failed', { description: errorMessage(error, 'Unknown error') }),
    });
  return (
    <div>
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-700">
        Invitations waiting
      </h3>
      <ul aria-labelledby={headingId} className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {invitations.map((invitation) => {
          const expired = Date.parse(invitation.expiresAt) <= now;
          return (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 px-4 py-3" aria-label={invitation.email}>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{invitation.email}</p>
                <p className={expired ? 'text-xs text-amber-800' : 'text-xs text-slate-500'}>
                  {ROLE_LABELS[invitation.role]} ·{' '}
                  {expired
                    ? 'expired: invite them again to send a new link'
                    : `link works until ${new Date(invitation.expiresAt).toLocaleDateString()}`}
                </p>
              </div>
              {canManage ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={cancel.isPending}
                  onClick={() => cancelInvitation(invitation)}
                  aria-label={`Cancel the invitation of ${invitation.email}`}
                >
                  <X className="size-4" aria-hidden /> Cancel
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function InviteForm() {
  const id = useId();
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TMemberRole>('editor');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || invite.isPending) return;
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (invitation) => {
          toast.success('Invitation sent', { description: `${invitation.email} can join with the link in their mail.` });
          setEmail('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 grid gap-3 border-t border-slate-100 pt-5">
      <h3 className="text-sm font-semibold text-slate-700">Invite a teammate</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <Field label="Email" htmlFor={`${id}-email`}>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="name@example.com"
          />
        </Field>
        <Field label="Role" htmlFor={`${id}-role`}>
          <Select id={`${id}-role`} className="w-full" value={role} onChange={(e) => setRole(e.target.value as TMemberRole)}>
            {MEMBER_ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={invite.isPending || !email.trim()}>
          <Send className="size-4" aria-hidden /> {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        {ROLE_LABELS[role]}: {MEMBER_ROLE_DUTIES[role]}.
      </p>
      {invite.isError ? <Alert tone="error">{errorMessage(invite.error, 'The invitation could not be sent.')}</Alert> : null}
    </form>
  );
}
