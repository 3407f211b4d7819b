import { CalendarCheck, Megaphone, TrendingUp } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { SectionHeading } from './section-heading';

const BENEFITS = [
  {
    icon: Megaphone,
    title: 'More reach, less work',
    description: 'One recording becomes clips, carousels and posts tailored to every platform your audience uses.',
  },
  {
    icon: CalendarCheck,
    title: 'Consistent posting',
    description: 'A planned calendar and a team behind it mean you never miss a week, even when life gets busy.',
  },
  {
    icon: TrendingUp,
    title: 'Measurable growth',
    description: 'Weekly reports and A/B tests show what works, so every month performs better than the last.',
  },
] as const;

export function BenefitsSection() {
  return (
    <section id="benefits" aria-labelledby="benefits-heading" className="scroll-mt-24 bg-white px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="benefits-heading"
          eyebrow="Why Hookline"
          title="Benefits"
          description="Show up everywhere your audience is, without adding hours to your week."
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, description }) => (
            <li key={title}>
              <Card className="h-full p-8 transition-shadow hover:shadow-md">
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-6 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-600">{description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
