import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';

const STATS = [
  { value: '99.95%', label: 'Uptime SLA' },
  { value: '6+', label: 'Platforms published' },
  { value: 'Weekly', label: 'Performance reports' },
] as const;

function PrimaryCta() {
  const { loaded, user } = useAuth();
  // Nothing until the session is known, so signed-in users never see the sign-up CTA flash; the
  // empty slot keeps the button's size, so nothing below moves when it appears.
  if (!loaded) return <span aria-hidden="true" className="block h-12 w-full sm:w-72" />;
  const { to, label } = user ? { to: '/dashboard', label: 'Go to Dashboard' } : { to: '/onboarding', label: 'Get Content Done For You' };
  return (
    <Button asChild size="lg" className="w-full sm:w-auto">
      <Link to={to}>
        {label}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </Button>
  );
}

export function HeroSection() {
  return (
    <section
      id="home"
      aria-labelledby="home-heading"
      className="relative isolate overflow-hidden bg-linear-to-b from-brand-50 via-white to-white px-4 pt-32 pb-16 sm:px-6 sm:pt-40 sm:pb-24"
    >
      <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 mx-auto h-96 max-w-4xl rounded-full bg-brand-200/40 blur-3xl" />
      <div className="mx-auto max-w-3xl text-center">
        <Badge tone="brand">For creators, brands and agencies</Badge>
        <h1 id="home-heading" className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl">
          Your content, <span className="text-brand-600">done for you.</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">
          Hookline plans, edits, captions and publishes your content on every platform, so you can focus on creating while we handle the
          rest.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <PrimaryCta />
          <Button asChild variant="secondary" size="lg" className="w-full sm:w-auto">
            <a href="#pricing">See pricing</a>
          </Button>
        </div>
        <dl className="mx-auto mt-14 grid max-w-2xl grid-cols-3 gap-4 border-t border-slate-200 pt-8">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-xs text-slate-600 sm:text-sm">{stat.label}</dt>
              <dd className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
