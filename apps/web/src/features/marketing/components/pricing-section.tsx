import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { PRICING_PLANS, type PricingPlan } from '../pricing-plans';
import { SectionHeading } from './section-heading';

function PricingCard({ plan }: { plan: PricingPlan }) {
  const { name, price, summary, features, cta, highlighted } = plan;
  return (
    <Card
      // `!` because cn() does not merge classes, and Card's own bg/ring would otherwise win.
      className={cn(
        'flex h-full flex-col p-8',
        highlighted && 'bg-brand-700! text-white shadow-xl ring-2! ring-brand-700! lg:-my-4 lg:py-12',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className={cn('text-xl font-semibold', highlighted ? 'text-white' : 'text-slate-900')}>{name}</h3>
        {highlighted && <Badge tone="gold">Most popular</Badge>}
      </div>
      <p className={cn('mt-2 text-sm', highlighted ? 'text-brand-100' : 'text-slate-600')}>{summary}</p>
      <p className={cn('mt-6 text-3xl font-bold tracking-tight', highlighted ? 'text-white' : 'text-slate-900')}>{price}</p>
      <ul className="mt-8 mb-10 space-y-3 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', highlighted ? 'text-brand-200' : 'text-brand-600')} />
            <span className={highlighted ? 'text-brand-50' : 'text-slate-700'}>{feature}</span>
          </li>
        ))}
      </ul>
      <Button
        asChild
        size="lg"
        variant={highlighted ? 'inverse' : 'secondary'}
        className={cn('mt-auto w-full', highlighted && 'focus-visible:outline-white')}
      >
        <Link to={cta.to}>{cta.label}</Link>
      </Button>
    </Card>
  );
}

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-24 bg-slate-50 px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="pricing-heading"
          eyebrow="Plans"
          title="Pricing"
          description="Start with the tools yourself, or hand the whole workflow to our team."
        />
        <ul className="mx-auto mt-14 grid max-w-md items-stretch gap-6 lg:max-w-none lg:grid-cols-3 lg:gap-8">
          {PRICING_PLANS.map((plan) => (
            <li key={plan.id}>
              <PricingCard plan={plan} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
