import { RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableMessage, TBody, Td, Th, THead } from '@/components/ui/table';
import { useWebhookDeliveries } from '../../api/list-webhook-deliveries';
import { formatDateTime } from '../../format';
import { SkeletonRows } from '../list/skeleton-rows';

/** The last delivery attempts, newest first. */
export function WebhookDeliveries() {
  const deliveries = useWebhookDeliveries(true);
  const rows = deliveries.data ?? [];
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-medium text-slate-700">Recent deliveries</h3>
        <Button variant="ghost" size="sm" onClick={() => deliveries.refetch()} disabled={deliveries.isFetching}>
          <RefreshCw className={deliveries.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden /> Refresh
        </Button>
      </div>
      {deliveries.isError ? <Alert tone="error">API error: {deliveries.error.message}</Alert> : null}
      <Table caption="Recent webhook deliveries" className="shadow-none ring-slate-100" minWidth="min-w-[36rem]">
        <THead>
          <tr>
            <Th>Event</Th>
            <Th className="text-right">Attempt</Th>
            <Th>Status</Th>
            <Th className="text-right">HTTP</Th>
            <Th>Time</Th>
          </tr>
        </THead>
        <TBody aria-busy={deliveries.isPending || undefined}>
          {deliveries.isPending ? (
            <SkeletonRows rows={3} columns={5} />
          ) : rows.length === 0 ? (
            <TableMessage colSpan={5}>No deliveries yet</TableMessage>
          ) : (
            rows.map((delivery) => (
              <tr key={delivery.id}>
                <Td className="font-mono text-xs text-slate-800">{delivery.eventType}</Td>
                <Td className="text-right tabular-nums">{delivery.attempt}</Td>
                <Td>
                  <Badge tone={delivery.status === 'succeeded' ? 'success' : 'warning'} title={delivery.error ?? undefined}>
                    {delivery.status}
                  </Badge>
                  {delivery.error ? <p className="mt-1 max-w-56 truncate text-xs text-slate-500">{delivery.error}</p> : null}
                </Td>
                <Td className="text-right tabular-nums">{delivery.responseStatus ?? '—'}</Td>
                <Td className="whitespace-nowrap text-slate-600">
                  <time dateTime={delivery.ts}>{formatDateTime(delivery.ts)}</time>
                </Td>
              </tr>
            ))
          )}
        </TBody>
      </Table>
    </div>
  );
}
