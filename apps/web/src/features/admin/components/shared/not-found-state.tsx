import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** 'Client not found' / 'Request not found' with the way back to the list. */
export function NotFoundState({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return (
    <Card className="mx-auto mt-10 max-w-md text-center">
      <SearchX className="mx-auto size-10 text-slate-400" aria-hidden />
      <h1 className="mt-3 text-xl font-semibold text-slate-900">{title}</h1>
      <Link to={backTo} className={`${buttonClasses('secondary')} mt-5`}>
        {backLabel}
      </Link>
    </Card>
  );
}
