import { Link } from 'react-router';
import type { TOverviewResponse } from '@hookline/shared';
import { Table, TableMessage, TBody, Td, Th, THead } from '@/components/ui/table';
import { formatCount } from '../../format';
import { ClientStatusBadge } from '../shared/status-badges';

/** Client, Owner, Posts, Status; sample rows are not linked. */
export function TopClientsTable({ rows, linked }: { rows: TOverviewResponse['topClients']; linked: boolean }) {
  return (
    <Table caption="Top clients" className="shadow-none ring-slate-100" minWidth="min-w-[32rem]">
      <THead>
        <tr>
          <Th>Client</Th>
          <Th>Owner</Th>
          <Th className="text-right">Posts</Th>
          <Th>Status</Th>
        </tr>
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <TableMessage colSpan={4}>No clients yet</TableMessage>
        ) : (
          rows.map((client) => (
            <tr key={client.id}>
              <Td className="font-medium text-slate-900">
                {linked ? (
                  <Link to={`/admin/clients/${encodeURIComponent(client.id)}`} className="hover:text-brand-700 hover:underline">
                    {client.name}
                  </Link>
                ) : (
                  client.name
                )}
              </Td>
              <Td className="whitespace-nowrap">{client.owner}</Td>
              <Td className="text-right tabular-nums">{formatCount(client.posts)}</Td>
              <Td>
                <ClientStatusBadge status={client.status} />
              </Td>
            </tr>
          ))
        )}
      </TBody>
    </Table>
  );
}
