import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Crown } from 'lucide-react';
import type { TSetRoleRequest, TStaffMember } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Table, TableMessage, TBody, Td, Th, THead } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useTeam } from '../../api/list-team';
import { useGrantTeamRole } from '../../api/grant-team-role';
import { useSetTeamRole } from '../../api/set-team-role';
import { SkeletonRows } from '../list/skeleton-rows';
import { SectionCard } from '@/components/ui/section-card';

type Role = TSetRoleRequest['role'];
const ROLE_LABELS: Record<Role, string> = { manager: 'Manager', admin: 'Admin', client: 'Remove staff access' };

/** Founders only: staff accounts and their roles; 'client' removes staff access (after a confirmation). */
export function TeamSection() {
  const team = useTeam(true);
  const grantRole = useGrantTeamRole();
  const setRole = useSetTeamRole();
  const [removing, setRemoving] = useState<TStaffMember | null>(null);
  const [newEmail, setNewEmail] = useState('');
  const [newRole, setNewRole] = useState<'manager' | 'admin'>('manager');
  const busy = grantRole.isPending || setRole.isPending;

  const grant = (event: React.FormEvent) => {
    event.preventDefault();
    const email = newEmail.trim();
    if (!email) return;
    grantRole.mutate(
      { email, role: newRole },
      {
        onSuccess: () => {
          toast.success('Role updated', { description: `${email} is now ${newRole}` });
          setNewEmail('');
        },
        onError: (error) => toast.error('Update failed', { description: errorMessage(error, 'Unknown error') }),
      },
    );
  };

  const apply = (member: TStaffMember, role: Role) =>
    setRole.mutate(
      { userId: member.id, input: { role } },
      {
        onSuccess: () =>
          toast.success('Role updated', {
            description:
              role === 'client' ? `${member.email} is no longer staff` : `${member.email} is now ${ROLE_LABELS[role].toLowerCase()}`,
          }),
        onError: (error) => toast.error('Update failed', { description: errorMessage(error, 'Unknown error') }),
        onSettled: () => setRemoving(null),
      },
    );

  const rows = team.data ?? [];
  return (
    <SectionCard title="Team" description="Staff accounts and what they may do. Only founders see this section.">
      {team.isError ? <Alert tone="error">API error: {team.error.message}</Alert> : null}
      <Table caption="Staff accounts" className="shadow-none ring-slate-100" minWidth="min-w-[36rem]">
        <THead>
          <tr>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Role</Th>
          </tr>
        </THead>
        <TBody aria-busy={team.isPending || undefined}>
          {team.isPending ? (
            <SkeletonRows rows={3} columns={3} />
          ) : rows.length === 0 ? (
            <TableMessage colSpan={3}>No staff accounts</TableMessage>
          ) : (
            rows.map((member) => (
              <tr key={member.id}>
                <Td className="font-medium text-slate-900">{member.name || '—'}</Td>
                <Td className="break-all">{member.email}</Td>
                <Td>
                  {member.role === 'founder' ? (
                    <Badge tone="gold">
                      <Crown className="size-3" aria-hidden /> Founder
                    </Badge>
                  ) : (
                    <Select
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      disabled={setRole.isPending}
                      onChange={(e) => {
                        const role = e.target.value as Role;
                        if (role === 'client') setRemoving(member);
                        else apply(member, role);
                      }}
                      className="w-52"
                    >
                      {(Object.keys(ROLE_LABELS) as Role[]).map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </Select>
                  )}
                </Td>
              </tr>
            ))
          )}
        </TBody>
      </Table>
      <form onSubmit={grant} className="mt-4 flex flex-wrap items-end gap-2" aria-label="Add a staff member">
        <div className="min-w-56 flex-1">
          <label htmlFor="team-new-email" className="mb-1.5 block text-sm font-medium text-slate-700">
            Add staff by email
          </label>
          <Input
            id="team-new-email"
            type="email"
            placeholder="colleague@example.com"
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
          />
        </div>
        <Select
          aria-label="Role for the new staff member"
          value={newRole}
          onChange={(e) => setNewRole(e.target.value as 'manager' | 'admin')}
          className="w-40"
        >
          <option value="manager">Manager</option>
          <option value="admin">Admin</option>
        </Select>
        <Button type="submit" disabled={busy || !newEmail.trim()}>
          Add
        </Button>
      </form>
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove staff access?"
        description={removing ? `${removing.email} will lose access to the admin console and become a client account.` : undefined}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => removing && apply(removing, 'client')} disabled={busy}>
            Remove access
          </Button>
        </div>
      </Dialog>
    </SectionCard>
  );
}
