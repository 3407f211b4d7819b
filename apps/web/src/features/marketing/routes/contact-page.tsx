import { Link } from 'react-router';
import { ArrowLeft, CalendarDays, ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useRuntimeConfig } from '@/lib/runtime-config';

const BOOK_LABEL = 'Book an enterprise call';

function BookCallLink() {
  const { data, isError } = useRuntimeConfig();
  const url = data?.enterpriseCallUrl;
  if (!url) {
    return (
      <div className="flex flex-col items-center gap-2">
        <Button size="lg" disabled aria-busy={!isError}>
          <CalendarDays aria-hidden="true" className="size-5" />
          {BOOK_LABEL}
        </Button>
        {isError && (
          <p role="alert" className="text-sm text-red-700">
            We could not load the booking link. Please refresh the page to try again.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2">
      <Button asChild size="lg">
        <a href={url} target="_blank" rel="noopener noreferrer" aria-describedby="book-call-note">
          <CalendarDays aria-hidden="true" className="size-5" />
          {BOOK_LABEL}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </Button>
      <p id="book-call-note" className="text-sm text-slate-600">
        Opens our scheduling page in a new tab.
      </p>
    </div>
  );
}

export default function ContactPage() {
  return (
    <section
      aria-labelledby="contact-heading"
      className="bg-linear-to-b from-brand-50 via-white to-slate-50 px-4 pt-32 pb-24 sm:px-6 sm:pt-40"
    >
      <Card className="mx-auto max-w-2xl p-8 text-center sm:p-12">
        <h1 id="contact-heading" className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          Talk to us about Enterprise
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-slate-600">
          Unlimited workspaces, SSO, audit logs, custom workflows and a dedicated success manager, backed by an SLA. Book a call and we will
          shape a plan around your team.
        </p>
        <div className="mt-10">
          <BookCallLink />
        </div>
        <Link
          to="/#pricing"
          className="mt-10 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to pricing
        </Link>
      </Card>
    </section>
  );
}
